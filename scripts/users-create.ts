// npm run users:create -- --email <e> --password <p> [--name <n>] [--admin | --role=<admin|office|skipper|editor>]
import fs from "node:fs";
import { runUsersCreate } from "../server/auth/users-cli.server";
import { env } from "../server/env.server";

// The same .env the server reads; real environment variables win over it.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

try {
  process.exitCode = await runUsersCreate(process.argv.slice(2), env(), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(`users:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
