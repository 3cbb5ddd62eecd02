import { tr } from '../../../../contract/messages.tr';
import { AppError } from '../app-error';
import type { UserRepository, UserRow } from '../../repositories/user.repository';
import { newUserRow } from './new-user';

/** Google claims kept (signed, in a cookie) while the user proves the password of an unverified account. */
export interface GoogleLinkClaims {
  sub: string;
  email: string;
  picture?: string;
}

export interface GoogleSignInDeps {
  users: UserRepository;
  now: () => Date;
  audit(actorId: string | null, action: string, targetId: string, details?: object): Promise<void>;
  createSession(
    userId: string,
    client: { ip: string; userAgent: string | undefined },
  ): Promise<{ token: string }>;
}

/** Sign-in with Google (ADR 0007 "Google links only verified accounts"). */
export function googleSignIn(deps: GoogleSignInDeps) {
  const { now, audit, createSession } = deps;
  return {
    /**
     * Signs in with verified Google claims: by Google subject; else links an existing account with the same
     * address only when that account's address was verified (otherwise whoever registered the address first,
     * perhaps an attacker, would share the account with its real owner); else creates a new account.
     */
    async loginWithGoogle(
      claims: { sub: string; email: string; givenName?: string; familyName?: string; picture?: string },
      client: { ip: string; userAgent: string | undefined },
    ): Promise<
      { kind: 'signed-in'; user: UserRow; token: string } | { kind: 'link-required'; link: GoogleLinkClaims }
    > {
      let user = await deps.users.findByGoogleSub(claims.sub);
      if (!user) {
        const byEmail = await deps.users.findByEmail(claims.email);
        if (byEmail && !byEmail.emailVerifiedAt) {
          return {
            kind: 'link-required',
            link: { sub: claims.sub, email: byEmail.email, picture: claims.picture },
          };
        }
        if (byEmail) {
          user = await deps.users.update(byEmail.id, {
            googleSub: claims.sub,
            profileImageUrl: byEmail.profileImageUrl ?? claims.picture ?? null,
          });
          if (user) await audit(user.id, 'account.google_linked', user.id, { via: 'verified-email' });
        } else {
          user = await deps.users.insert(
            newUserRow(
              {
                email: claims.email,
                googleSub: claims.sub,
                firstName: claims.givenName,
                lastName: claims.familyName,
                profileImageUrl: claims.picture,
                kvkkAccepted: false,
                emailVerified: true,
              },
              now(),
            ),
          );
        }
      }
      if (!user || user.deletedAt) throw new AppError('GOOGLE_LOGIN_FAILED', 400, tr.auth.googleFailed);
      const session = await createSession(user.id, client);
      return { kind: 'signed-in', user, token: session.token };
    },
  };
}
