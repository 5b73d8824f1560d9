import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temporary folder, for
 * a test that starts the server on HTTPS (TLS_CERT, TLS_KEY); the browser's context trusts it with
 * `ignoreHTTPSErrors`. Nothing of it is kept in the repository.
 */
export function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sitecharts-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
