import { describe, expect, it } from 'vitest';
import { addressRefusal, validateWebhookUrl, type Resolver } from './address-policy';

const resolveTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
const strict = { allowLoopback: false };

describe('SSRF address policy', () => {
  it.each([
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://127.0.0.1/hook',
    'https://192.168.1.10/hook',
    'https://172.20.0.1/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://224.0.0.1/hook',
    'https://[fe80::1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::]/hook',
  ])('refuses %s', async (url) => {
    await expect(validateWebhookUrl(url, strict)).rejects.toThrow(/not allowed|not public/);
  });

  it('refuses plain http, other schemes and credentials', async () => {
    await expect(validateWebhookUrl('http://example.com/hook', { allowLoopback: true, resolve: resolveTo('93.184.216.34') })).rejects.toThrow(/https/);
    await expect(validateWebhookUrl('ftp://example.com/hook', strict)).rejects.toThrow(/https/);
    await expect(validateWebhookUrl('https://u:p@example.com/hook', strict)).rejects.toThrow(/credentials/);
    await expect(validateWebhookUrl('not a url', strict)).rejects.toThrow(/valid URL/);
  });

  it('refuses a hostname that resolves to a private or metadata address, even among public ones', async () => {
    await expect(validateWebhookUrl('https://hooks.example.com/x', { allowLoopback: false, resolve: resolveTo('10.0.0.5') })).rejects.toThrow(
      /resolves to a refused address/,
    );
    await expect(
      validateWebhookUrl('https://hooks.example.com/x', { allowLoopback: false, resolve: resolveTo('93.184.216.34', '169.254.169.254') }),
    ).rejects.toThrow(/169\.254\.169\.254/);
    await expect(validateWebhookUrl('https://localhost/x', { allowLoopback: false, resolve: resolveTo('::1') })).rejects.toThrow(/loopback/);
  });

  it('accepts a public https host and pins the address it resolved to', async () => {
    const target = await validateWebhookUrl('https://hooks.example.com:8443/x?y=1', { allowLoopback: false, resolve: resolveTo('93.184.216.34') });
    expect(target).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.216.34', family: 4 });
    expect((await validateWebhookUrl('https://[2606:4700::1111]/x', strict)).address).toBe('2606:4700::1111');
  });

  it('allows http loopback only with the flag', async () => {
    await expect(validateWebhookUrl('http://127.0.0.1:9/x', strict)).rejects.toThrow();
    expect((await validateWebhookUrl('http://127.0.0.1:9/x', { allowLoopback: true })).address).toBe('127.0.0.1');
    expect((await validateWebhookUrl('http://[::1]:9/x', { allowLoopback: true })).address).toBe('::1');
    expect((await validateWebhookUrl('http://localhost:9/x', { allowLoopback: true, resolve: resolveTo('127.0.0.1') })).address).toBe('127.0.0.1');
    // The flag is for loopback only: private networks stay refused, and localhost may not point elsewhere.
    await expect(validateWebhookUrl('http://10.0.0.1/x', { allowLoopback: true })).rejects.toThrow();
    await expect(validateWebhookUrl('http://localhost/x', { allowLoopback: true, resolve: resolveTo('10.0.0.1') })).rejects.toThrow();
  });

  it('classifies addresses', () => {
    expect(addressRefusal('8.8.8.8', strict)).toBeNull();
    expect(addressRefusal('198.18.0.1', strict)).not.toBeNull();
    expect(addressRefusal('2001:db8::1', strict)).not.toBeNull();
  });
});
