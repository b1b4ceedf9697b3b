import { useEffect } from 'react';

/** The tab's title follows the page (screen readers announce it on navigation). */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
