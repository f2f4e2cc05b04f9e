import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

/** Addresses an outgoing webhook must never reach in production (SSRF, ADR 177). */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is loopback, private, link-local (the cloud metadata service), or otherwise not public. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped?.[1]) return forbidden.check(mapped[1], 'ipv4');
    return forbidden.check(address, 'ipv6');
  }
  return true;
}

export const allowPrivateTargets = (
  config: Pick<Config, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS' | 'isProduction'>,
) => config.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ?? !config.isProduction;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const refuse = (reason: string) => new AppError('webhook_url_refused', { params: { reason } });

/**
 * Checks a merchant's endpoint address before it is saved: https (http only for localhost outside
 * production), no credentials, and — unless private targets are allowed — every address its name
 * resolves to is public. The sender checks the address again when it connects (DNS can change).
 * Reasons are English: a developer-facing message, like the API reference (ADR 178).
 */
export async function checkEndpointUrl(
  raw: string,
  config: Pick<Config, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS' | 'isProduction'>,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('The endpoint must be a full URL, such as https://example.com/webhooks.');
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !config.isProduction)) {
    throw refuse('The endpoint must use https (http is allowed only for localhost during development).');
  }
  if (url.username || url.password)
    throw refuse('The endpoint URL must not contain a user name or password.');
  if (allowPrivateTargets(config)) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw refuse(`The host name ${url.hostname} does not resolve.`);
  }
  if (addresses.length === 0 || addresses.some(isForbiddenAddress)) {
    throw refuse(
      'The endpoint must be on the public internet: private, loopback and link-local addresses are refused.',
    );
  }
  return url;
}
