import { parseArgs } from "node:util";
import { openDatabase, setDatabase } from "../db/client.server";
import { dataDirLockHolder } from "../db/lock.server";
import type { Env } from "../env.server";
import { resetTwoFactor } from "./two-factor.server";
import { STAFF_ROLES, type StaffRole } from "./roles.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, upsertUser, UserInputError } from "./users.server";

export const USERS_CREATE_USAGE =
  "Usage: npm run users:create -- --email <address> --password <password> [--name <name>] [--admin | --role=<role>] [--reset-2fa]\n" +
  "  --admin      the administrator role (the same as --role=admin); without it or --role: no staff role\n" +
  "  --role       admin | office | skipper | editor (decision 044); a skipper's events are assigned on /admin/users\n" +
  "  --reset-2fa  removes the account's second factor and ends its sessions (a lost phone): it is set up again at the next sign-in";

export type CliOutput = { out: (line: string) => void; err: (line: string) => void };

/**
 * `npm run users:create`: creates or updates a user (with --admin: an administrator; with
 * --role=…: that staff role; with neither: no staff role). Returns the exit
 * code. With the embedded database it refuses while a server holds DATA_DIR, before touching
 * any file there: two processes writing one PGlite directory corrupt it.
 */
export async function runUsersCreate(argv: string[], config: Env, io: CliOutput): Promise<number> {
  let values: { email?: string; password?: string; name?: string; admin?: boolean; role?: string; "reset-2fa"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        admin: { type: "boolean", default: false },
        role: { type: "string" },
        "reset-2fa": { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USERS_CREATE_USAGE}`);
    return 64;
  }
  if (values.help) {
    io.out(USERS_CREATE_USAGE);
    return 0;
  }
  if (!values.email || !values.password) {
    io.err(`Both --email and --password are required.\n${USERS_CREATE_USAGE}`);
    return 64;
  }

  let role: StaffRole | null = values.admin ? "admin" : null;
  if (values.role !== undefined) {
    const asked = values.role.trim().toLowerCase();
    if (!(STAFF_ROLES as readonly string[]).includes(asked)) {
      io.err(`Unknown role "${values.role}": choose one of ${STAFF_ROLES.join(", ")}.\n${USERS_CREATE_USAGE}`);
      return 64;
    }
    if (values.admin && asked !== "admin") {
      io.err(`--admin and --role=${asked} contradict each other: give one of them.\n${USERS_CREATE_USAGE}`);
      return 64;
    }
    role = asked as StaffRole;
  }

  if (values.password.length < MIN_PASSWORD_LENGTH || values.password.length > MAX_PASSWORD_LENGTH) {
    io.err(`Not saved: the password must be at least ${MIN_PASSWORD_LENGTH} and at most ${MAX_PASSWORD_LENGTH} characters`);
    return 65;
  }

  if (!config.DATABASE_URL) {
    const holder = dataDirLockHolder(config.dataDir);
    if (holder !== undefined) {
      io.err(
        `The server (pid ${holder}) is using the embedded database in ${config.dataDir}. ` +
          "Stop the server and run this command again (or use DATABASE_URL with a PostgreSQL server, " +
          "or set ADMIN_EMAIL and ADMIN_PASSWORD and restart the server). Nothing was changed.",
      );
      return 75;
    }
  }

  const handle = config.DATABASE_URL
    ? await openDatabase({ databaseUrl: config.DATABASE_URL })
    : await openDatabase({ dataDir: config.dataDir });
  setDatabase(handle);
  try {
    const result = await upsertUser({ email: values.email, password: values.password, name: values.name, role });
    const what = result.role === "admin" ? "admin" : result.role === "user" ? "user (no admin rights)" : `${result.role} (staff role)`;
    io.out(`${result.created ? "Created" : "Updated"} ${what} ${result.email}`);
    if (values["reset-2fa"]) {
      await resetTwoFactor(result.id);
      io.out(`Two-factor sign-in of ${result.email} reset: set it up again at the next sign-in`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UserInputError) {
      io.err(`Not saved: ${error.message}`);
      return 65;
    }
    throw error;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}
