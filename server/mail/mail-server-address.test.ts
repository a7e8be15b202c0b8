/**
 * The mail host rule: loopback and link-local addresses refused (names resolved first, every address
 * checked), private ranges allowed, the allowance for tests and single-machine installs. Nothing here
 * connects anywhere, nor asks DNS: the names are the machine's own (/etc/hosts).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  isLocalAddress,
  isRefusedMailHost,
  MailServerAddressError,
  resolveMailServer,
} from './mail-server-address';

const REFUSE = { allowLoopbackHosts: false };
const ALLOW = { allowLoopbackHosts: true };
const TIMEOUT_MS = 5_000;

describe('isLocalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '169.254.169.254',
    '::1',
    '::',
    'fe80::1',
    'febf::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.1.1',
  ])('%s is on this machine or link-local', (address) => {
    expect(isLocalAddress(address)).toBe(true);
  });

  it.each([
    '10.0.0.25',
    '172.16.0.5',
    '172.31.255.1',
    '192.168.1.20',
    'fd00::25',
    'fc00::1',
    '::ffff:10.1.2.3',
    '192.0.2.10',
    '2001:db8::1',
    'fec0::1',
  ])('%s is not (private ranges stay allowed)', (address) => {
    expect(isLocalAddress(address)).toBe(false);
  });
});

describe('resolveMailServer', () => {
  it.each([
    '127.0.0.1',
    '127.1',
    'localhost',
    'LOCALHOST',
    '::1',
    '[::1]',
    '0.0.0.0',
    '169.254.169.254',
    'fe80::1',
  ])('when the host is %s and loopback hosts are not allowed, then it is refused', async (host) => {
    const refused = await resolveMailServer(host, REFUSE, TIMEOUT_MS).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailServerAddressError);
    expect((refused as MailServerAddressError).problem).toBe('not_allowed');
    expect(await isRefusedMailHost(host, REFUSE, TIMEOUT_MS)).toBe(true);
  });

  it('when loopback hosts are allowed, then a name resolves to a checked address and keeps its name for TLS', async () => {
    const target = await resolveMailServer('localhost', ALLOW, TIMEOUT_MS);
    expect(isLocalAddress(target.address)).toBe(true);
    expect(target.servername).toBe('localhost');
    expect(await resolveMailServer('[::1]', ALLOW, TIMEOUT_MS)).toEqual({
      address: '::1',
      servername: undefined,
    });
    expect(await isRefusedMailHost('127.0.0.1', ALLOW, TIMEOUT_MS)).toBe(false);
  });

  it.each(['10.0.0.25', '172.16.0.5', '192.168.1.20', 'fd00::25', '[fd00::25]'])(
    'when the host is the private address %s, then it is allowed as it is',
    async (host) => {
      expect(await resolveMailServer(host, REFUSE, TIMEOUT_MS)).toEqual({
        address: host.replace(/^\[(.*)\]$/, '$1'),
        servername: undefined,
      });
      expect(await isRefusedMailHost(host, REFUSE, TIMEOUT_MS)).toBe(false);
    },
  );
});

describe('MAIL_ALLOW_LOOPBACK_HOSTS', () => {
  it('when unset, then loopback and link-local mail hosts are refused; true allows them; nonsense is refused naming it', () => {
    expect(loadConfig({}).email.allowLoopbackHosts).toBe(false);
    expect(loadConfig({ MAIL_ALLOW_LOOPBACK_HOSTS: 'true' }).email.allowLoopbackHosts).toBe(true);
    expect(() => loadConfig({ MAIL_ALLOW_LOOPBACK_HOSTS: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_ALLOW_LOOPBACK_HOSTS: 'sometimes' })).toThrow('MAIL_ALLOW_LOOPBACK_HOSTS');
  });
});
