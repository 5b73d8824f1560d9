import { describe, expect, it } from 'vitest';
import { decodeClientToken, decodeSdkToken } from './tokens';

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('client token (§3)', () => {
  it('is base64 JSON holding paypal.accessToken', () => {
    const token = base64({ paypal: { accessToken: 'A21AA' }, braintree: {} });
    expect(decodeClientToken(token).accessToken).toBe('A21AA');
  });

  it.each([['not base64 json'], [base64({ paypal: {} })], [base64([1, 2])]])('refuses %s', (token) => {
    expect(() => decodeClientToken(token)).toThrow('Error decoding client token');
  });
});

describe('SDK token (§3, §8)', () => {
  it('is a JWT whose payload options.customer_id is read', () => {
    const token = `${base64url({ alg: 'none' })}.${base64url({ options: { customer_id: 'cust-1' }, iss: 'x' })}.sig`;
    expect(decodeSdkToken(token)).toEqual({ customerId: 'cust-1', payload: { options: { customer_id: 'cust-1' }, iss: 'x' } });
  });

  it('a payload without options has no customer id', () => {
    expect(decodeSdkToken(`h.${base64url({ sub: 1 })}.s`).customerId).toBeUndefined();
  });

  it.each(['nodots', 'a.%%%.c', `a.${base64url('text')}.c`, ''])("'%s' gives 'Error decoding SDK token'", (token) => {
    expect(() => decodeSdkToken(token)).toThrow('Error decoding SDK token');
  });
});
