export function nodeBinary(): string;
export function ensureWebBuild(options?: { log?: (message: string) => void }): boolean;
export function ensureDbTemplate(options?: { log?: (message: string) => void }): boolean;
export function ensureServerBuild(options?: { log?: (message: string) => void }): boolean;
export const SERVER_ARGS: string[];
