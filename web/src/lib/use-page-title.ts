import { useEffect } from 'react';
import { tr } from '@contract/messages.tr';

/** Sets the document title as '<page> | Oto Stüdyo'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${tr.brand.name}`;
  }, [title]);
}
