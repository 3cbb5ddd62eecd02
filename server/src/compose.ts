import type { Settings } from './config/env';
import type { Database } from './db/client';
import { userRepository } from './repositories/user.repository';
import { sessionRepository } from './repositories/session.repository';
import { loginThrottleRepository } from './repositories/login-throttle.repository';
import { healthRepository } from './repositories/health.repository';
import { contactRepository } from './repositories/contact.repository';
import { newsletterRepository } from './repositories/newsletter.repository';
import { auditRepository } from './repositories/audit.repository';
import { adminRepository } from './repositories/admin.repository';
import { siteService } from './services/site.service';
import { adminService, type AdminRepos } from './services/admin.service';
import { authService } from './services/auth.service';
import { googleAuth, type GoogleAuth } from './adapters/oauth/google.adapter';
import { jobs } from './jobs/job-names';
import type { JobHandlers } from './jobs/boss';

/** Wires repositories, adapters and services for one database; used by main.ts and the tests. */
export function composeServices(database: Database, settings: Settings) {
  const repos = {
    users: userRepository(database.db),
    sessions: sessionRepository(database.db),
    throttle: loginThrottleRepository(database.db),
    health: healthRepository(database.db),
  };
  const auth = authService({ ...repos, sessionTtlMs: settings.sessionTtlMs });
  const siteRepos = (db: typeof database.db): AdminRepos => ({
    admin: adminRepository(db),
    audit: auditRepository(db),
    contact: contactRepository(db),
    newsletter: newsletterRepository(db),
  });
  const site = siteService(siteRepos(database.db));
  const admin = adminService({
    ...siteRepos(database.db),
    transaction: (fn) => database.db.transaction((tx) => fn(siteRepos(tx as unknown as typeof database.db))),
  });
  const google: GoogleAuth | null = settings.google
    ? googleAuth({ ...settings.google, redirectUri: `${settings.publicUrl}/api/auth/google/callback` })
    : null;
  const jobHandlers: JobHandlers = {
    [jobs.ping]: async (data) => ({ pong: data.value }),
    [jobs.purgeSessions]: async () => ({ purged: await repos.sessions.purgeStale(new Date()) }),
  };
  return { repos, auth, google, jobHandlers, site, admin };
}
export type Services = ReturnType<typeof composeServices>;
