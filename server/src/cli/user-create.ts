import { parseArgs } from 'node:util';
import { loadSettings } from '../config/env';
import { openDatabase } from '../db/client';
import { composeServices } from '../compose';
import { registerRequestSchema } from '../../../contract/auth.schema';
import { roleSchema } from '../../../contract/user.schema';
import '../../../contract/zod-locale';

const usage = `Kullanım: npm run user:create -- --email a@b.c [--password ...] [--role basic|pro|business|admin]
                           [--first-name Ad] [--last-name Soyad] [--phone 05551234567] [--all-access]
                           [--username kullanici] [--unverified]
Şifre verilmezse rastgele bir şifre üretilir ve ekrana yazılır.`;

/** Creates an account from the command line (e.g. the first admin), against the configured database. */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'basic' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      username: { type: 'string' },
      // The address is taken as verified (an operator vouches for it) unless this is given.
      unverified: { type: 'boolean', default: false },
      phone: { type: 'string', default: '0000000000' },
      'all-access': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const role = roleSchema.safeParse(values.role);
  if (!role.success) {
    console.error(`Geçersiz rol: ${values.role}\n${usage}`);
    process.exit(2);
  }
  const generated = !values.password;
  const password = values.password ?? crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  const input = registerRequestSchema.safeParse({
    email: values.email,
    password,
    phone: values.phone,
    firstName: values['first-name'],
    lastName: values['last-name'],
    username: values.username,
    kvkkAccepted: true,
  });
  if (!input.success) {
    console.error(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    process.exit(2);
  }
  const settings = loadSettings();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  await database.migrate();
  const { auth } = composeServices(database, settings);
  try {
    // An operator creating the account vouches for the address (Google sign-in may link to it).
    const user = await auth.register({
      ...input.data,
      role: role.data,
      overrideAllAccess: values['all-access'],
      emailVerified: !values.unverified,
    });
    console.log(
      `Kullanıcı oluşturuldu: ${user.email} (rol: ${user.role}${user.overrideAllAccess ? ', All-Access' : ''})`,
    );
    if (generated) console.log(`Şifre: ${password}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
