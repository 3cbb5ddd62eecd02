import { randomUUID } from 'node:crypto';
import { tr } from '../../../contract/messages.tr';
import type { ContactCategory } from '../../../contract/site.schema';
import type { ContactRepository } from '../repositories/contact.repository';
import type { NewsletterRepository } from '../repositories/newsletter.repository';
import { AppError } from './app-error';

/** At most this many contact messages per IP address per window, so the form cannot flood the inbox. */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export interface SiteDeps {
  contact: ContactRepository;
  newsletter: NewsletterRepository;
}

/** The public site's two writes: contact messages and newsletter sign-ups, both stored for the admin console. */
export function siteService(deps: SiteDeps) {
  return {
    /** Stores a validated contact message; 429 when the sender's address is over CONTACT_LIMIT. */
    async sendContact(
      input: { name: string; email: string; category: ContactCategory; subject: string; message: string },
      sender: { ip: string; userId: string | null },
      now = new Date(),
    ) {
      const recent = await deps.contact.countFromIpSince(
        sender.ip,
        new Date(now.getTime() - CONTACT_LIMIT.windowMs),
      );
      if (recent >= CONTACT_LIMIT.max) {
        throw new AppError('TOO_MANY_MESSAGES', 429, tr.site.tooManyMessages, {
          retryAfterSeconds: Math.ceil(CONTACT_LIMIT.windowMs / 1000),
        });
      }
      await deps.contact.insert({
        id: randomUUID(),
        ...input,
        userId: sender.userId,
        ip: sender.ip,
        createdAt: now,
      });
      return { success: true as const, message: tr.site.contactSent };
    },

    /**
     * Subscribes an address. The answer is the same whether or not it was already on the list, so the form
     * cannot be used to find out who subscribed.
     */
    async subscribe(email: string, source: string | undefined) {
      await deps.newsletter.subscribe(randomUUID(), email, source ?? null);
      return { success: true as const, message: tr.site.newsletterJoined };
    },
  };
}
export type SiteService = ReturnType<typeof siteService>;
