export function nodeBinary(): string;
export function ensureWebBuild(options?: { log?: (message: string) => void }): boolean;
