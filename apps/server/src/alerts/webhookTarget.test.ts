import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '@app/contract';
import { INSIDE_URLS } from '../test/insideUrls.ts';
import { isPrivateAddress, publicOnlyLookup, webhookUrlProblem } from './webhookTarget.ts';

// Which webhook targets may be reached (SSRF): the address classes, every spelling of a loopback
// IPv4 address the URL parser accepts, IPv6 forms that embed an IPv4 address, localhost names.


describe('webhook targets', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and reserved addresses in any spelling', () => {
    for (const url of INSIDE_URLS) expect(webhookUrlProblem(url, false), url).toBe(ALERT_MESSAGES.webhookPrivate);
  });

  it('accepts public names and addresses', () => {
    for (const url of ['https://example.com/hook', 'https://8.8.8.8/', 'https://[2606:4700::1111]/', 'https://hooks.example.org:8443/a?b=c', 'https://vm/']) {
      expect(webhookUrlProblem(url, false), url).toBeNull();
    }
  });

  it('refuses credentials, a backslash and plain http whatever the setting allows', () => {
    expect(webhookUrlProblem('https://evil.example\\@127.0.0.1/', false)).toBe(ALERT_MESSAGES.webhookBackslash);
    expect(webhookUrlProblem('https://evil.example\\@127.0.0.1/', true)).toBe(ALERT_MESSAGES.webhookBackslash);
    expect(webhookUrlProblem('https://u:p@example.com/', true)).toBe(ALERT_MESSAGES.webhookCredentials);
    expect(webhookUrlProblem('http://example.com/', false)).toBe(ALERT_MESSAGES.webhookHttps);
    expect(webhookUrlProblem('ftp://example.com/', true)).toBe(ALERT_MESSAGES.webhookHttps);
  });

  it('lets ALERT_WEBHOOK_ALLOW_PRIVATE reach inside', () => {
    for (const url of ['http://127.0.0.1:8080/', 'https://localhost/', 'http://[::1]/', 'https://10.0.0.1/']) expect(webhookUrlProblem(url, true), url).toBeNull();
  });

  it('classifies resolved addresses', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '100.127.255.255', '::1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', 'fe80::1%eth0', '2001:db8::1', 'not an address']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '100.128.0.1', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001::200e']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses a name that resolves to loopback in the socket lookup', async () => {
    const err = await new Promise<Error | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(err?.message).toMatch(/^refused: (127\.0\.0\.1|::1) is a private/);
  });
});
