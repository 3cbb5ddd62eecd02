import { useEffect } from 'react';
import { tr } from '@contract/messages.tr';
import type { PageMeta } from '@/features/marketing/content/page-meta';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Title, description, canonical address and Open Graph tags of a public page. index.html carries the
 * landing page's values for crawlers that do not run scripts; this keeps them right after navigation.
 */
export function usePageMeta(meta: PageMeta) {
  useEffect(() => {
    const title = meta.path === '/' ? meta.title : `${meta.title} | ${tr.brand.name}`;
    const url = `${window.location.origin}${meta.path}`;
    document.title = title;
    setMeta('name', 'description', meta.description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', meta.description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', `${window.location.origin}/img/og-image.jpg`);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = url;
  }, [meta]);
}
