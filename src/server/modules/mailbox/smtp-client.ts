import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { ImapEndpoint } from './imap-client.ts';

/** How long a send waits for a server that does not answer (a slow server is a failed attempt, retried). */
export const SMTP_TIMEOUT_MS = 30_000;

/**
 * An SMTP connection to an account's server (nodemailer), upgraded as its security says: TLS from the start,
 * STARTTLS required, or none (only for a server on this machine, which the account form enforces). The password
 * stays in memory; nodemailer's logger is off.
 */
export function openSmtp(endpoint: ImapEndpoint, timeoutMs = SMTP_TIMEOUT_MS): Transporter {
  return nodemailer.createTransport({
    host: endpoint.host,
    port: endpoint.port,
    secure: endpoint.security === 'tls',
    requireTLS: endpoint.security === 'starttls',
    ignoreTLS: endpoint.security === 'none',
    auth: { user: endpoint.username, pass: endpoint.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    logger: false,
    debug: false,
  });
}
