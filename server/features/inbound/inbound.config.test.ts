import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('inbound email configuration', () => {
  it('when nothing is set, then the endpoint is disabled with default limits', () => {
    expect(loadConfig({}).inbound).toEqual({
      token: undefined,
      supportAddress: undefined,
      maxTicketsPerSenderPerMinute: 10,
      maxBytes: 40 * 1024 * 1024,
      maxMessagesPerMinute: 300,
    });
  });

  it('when the settings are given, then they are read (the support address lower-cased)', () => {
    const config = loadConfig({
      INBOUND_EMAIL_TOKEN: ' 0123456789abcdef0123 ',
      INBOUND_SUPPORT_ADDRESS: 'Support@Example.com',
      INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '25',
      INBOUND_MAX_BYTES: '1048576',
      INBOUND_MAX_MESSAGES_PER_MINUTE: '600',
    });
    expect(config.inbound).toEqual({
      token: '0123456789abcdef0123',
      supportAddress: 'support@example.com',
      maxTicketsPerSenderPerMinute: 25,
      maxBytes: 1_048_576,
      maxMessagesPerMinute: 600,
    });
  });

  it('when the token or address is left empty (as copied from .env.example), then it is unset', () => {
    const config = loadConfig({ INBOUND_EMAIL_TOKEN: '', INBOUND_SUPPORT_ADDRESS: '' });
    expect(config.inbound.token).toBeUndefined();
    expect(config.inbound.supportAddress).toBeUndefined();
  });

  it.each([
    ['INBOUND_EMAIL_TOKEN', 'short'],
    ['INBOUND_SUPPORT_ADDRESS', 'not-an-address'],
    ['INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE', '0'],
    ['INBOUND_MAX_BYTES', 'ten'],
    ['INBOUND_MAX_MESSAGES_PER_MINUTE', '-1'],
  ])('when %s is %j, then the configuration is refused naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
