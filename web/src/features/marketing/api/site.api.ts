import type { ContactRequest, NewsletterRequest, SiteResponse } from '@contract/site.schema';
import { apiRequest } from '@/lib/api-client';

export const sendContactMessage = (body: ContactRequest) =>
  apiRequest<SiteResponse>('POST', '/api/contact', body);
export const subscribeNewsletter = (body: NewsletterRequest) =>
  apiRequest<SiteResponse>('POST', '/api/newsletter', body);
