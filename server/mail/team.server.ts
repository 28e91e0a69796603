import { env } from "../env.server";

/** The team's contact address (the spec's {email}): notifications go here. */
export function teamAddress(): string {
  return env().TEAM_EMAIL;
}

/** The sender of every message: MAIL_FROM, or the team's name with its address. */
export function fromAddress(): string {
  return env().MAIL_FROM ?? `Ocean Racing Team <${teamAddress()}>`;
}
