import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { now } from "../clock.server";
import { env } from "../env.server";

export type DeliveryResult = { deliveryRef: string };

let smtp: { url: string; transporter: Transporter } | undefined;

/** One SMTP transporter per configured URL (tests switch SMTP_URL between cases). */
function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transporter.close();
    smtp = {
      url,
      // Short timeouts: the visitor waits for the first attempt; retries handle slow servers.
      transporter: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never),
    };
  }
  return smtp.transporter;
}

const outboxComposer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

export function outboxDir(): string {
  return path.join(env().dataDir, "outbox");
}

/** "20250801-120000-000": sorts by time and is safe in file names on every system. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(".", "-").replace("Z", "");
}

function safeSegment(value: string): string {
  return value.replace(/[^a-z0-9-]+/gi, "-").slice(0, 60);
}

/** Writes the RFC 822 message to DATA_DIR/outbox; written under a temporary name, then renamed, so readers never see half a file. */
async function writeToOutbox(message: Mail.Options, template: string, id: string): Promise<DeliveryResult> {
  const info = await outboxComposer.sendMail(message);
  const raw = info.message as Buffer;
  const dir = outboxDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${fileTimestamp(now())}-${safeSegment(template)}-${id}.eml`;
  const temporary = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(temporary, raw);
  await fs.promises.rename(temporary, path.join(dir, name));
  return { deliveryRef: name };
}

/** Delivers over SMTP_URL when configured, otherwise into the outbox. Throws when delivery fails. */
export async function deliver(message: Mail.Options, template: string, id: string): Promise<DeliveryResult> {
  const url = env().SMTP_URL;
  if (!url) return writeToOutbox(message, template, id);
  const info = await smtpTransport(url).sendMail(message);
  return { deliveryRef: String(info.messageId ?? "") };
}
