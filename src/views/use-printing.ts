/** Whether the page is being printed: the browser's Print, or print media (emulated, or a PDF being made). */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

import { useMediaQuery } from '../lib/use-media-query';

export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  const printMedia = useMediaQuery('print');
  useEffect(() => {
    // Rendered at once: the browser lays the page out for print right after `beforeprint`.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing || printMedia;
}
