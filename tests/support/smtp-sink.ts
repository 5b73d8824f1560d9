import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 with a free port, plain and without
 * authentication, that keeps every mail it accepts: the peer the site's e-mail notice talks to.
 */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** Header names in lower case, folded lines joined. */
  headers: Map<string, string>;
  /** The body decoded from its Content-Transfer-Encoding (UTF-8 text). */
  text: string;
}

export interface HeldMail {
  /** Settles once a mail's DATA has been read and its answer is being withheld. */
  reached: Promise<void>;
  /** Answers the withheld DATA (and any later one): the mail is accepted. */
  release(): void;
}

export interface SmtpSink {
  url: string;
  /** Mails whose DATA was accepted, in order. */
  received: ReceivedMail[];
  /** From now on the server reads each mail but withholds its answer: a peer that stalls. */
  hold(): HeldMail;
  close(): Promise<void>;
}

/** On `port` when given (a peer that comes back where the site already points), else on a free one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let gate: Promise<void> = Promise.resolve();
  let onReached = () => {};
  let releaseAll = () => {};

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A client left hanging by a failed test is cut off soon after close().
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onReached();
        void gate.then(() => {
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          };
          received.push({ envelope, ...parseMessage(Buffer.concat(chunks).toString('latin1')) });
          callback();
        });
      });
    },
  });
  // A client that disconnects mid-mail (a site server stopped on purpose) is not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    hold() {
      const reached = new Promise<void>((resolve) => (onReached = resolve));
      gate = new Promise<void>((resolve) => (releaseAll = resolve));
      return {
        reached,
        release: () => {
          gate = Promise.resolve();
          onReached = () => {};
          releaseAll();
        },
      };
    },
    close() {
      releaseAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits a raw RFC 5322 message (read as latin1, byte for byte) into headers and decoded body text. */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, text: decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit') };
}

/** A header with RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=) as the text it stands for. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/**
 * RFC 2045 §6.7 quoted-printable and §6.8 base64 (nodemailer picks one of them for non-ASCII text).
 * No MIME parser is installed; this covers the single text part the notice is.
 */
function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    case '7bit':
    case '8bit':
      return Buffer.from(body, 'latin1').toString('utf8');
    default:
      throw new Error(`the test sink cannot decode Content-Transfer-Encoding ${encoding}`);
  }
}
