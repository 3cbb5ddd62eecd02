import { useCallback, useEffect, useRef } from 'react';

/** Local previews of picked files (object URLs), all revoked when the page goes away. */
export function useObjectUrls() {
  const urls = useRef<string[]>([]);
  useEffect(() => {
    const list = urls.current;
    return () => list.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  return useCallback((file: Blob) => {
    const u = URL.createObjectURL(file);
    urls.current.push(u);
    return u;
  }, []);
}
