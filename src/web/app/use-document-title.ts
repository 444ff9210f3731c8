import { useEffect } from 'react';

export const APP_NAME = 'Gestionale';

/** Sets the tab title to "{title} · Gestionale". */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
