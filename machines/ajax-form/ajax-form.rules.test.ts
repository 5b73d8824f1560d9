import { describe, expect, it } from 'vitest';
import {
  OPTION_MESSAGE,
  RULE_MESSAGES,
  captchaAnswer,
  checkFields,
  fieldClasses,
  fieldMessage,
  fieldRule,
  fieldStatus,
  isCaptchaAnswer,
  isEmail,
  isExtEmail,
  isNumber,
  isPhone,
  isPositiveNumber,
  isSpecialEmail,
  passes,
  ruleOf,
} from './ajax-form.rules';

describe('§5 field rules', () => {
  it('is_empty: blank (also whitespace only) fails', () => {
    expect(passes('is_empty', '')).toBe(false);
    expect(passes('is_empty', '  \n')).toBe(false);
    expect(passes('is_empty', 'a')).toBe(true);
  });

  it('is_email: word characters, dots, dashes; a domain; a 2-20 letter ending', () => {
    for (const ok of ['a@b.co', 'first.last-x@mail.example.org', 'x_1@a-b.museum']) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['', 'a@b', 'a@b.c', 'a@.b.com', '@b.com', 'a b@c.com', 'a|b@c.com', 'a@b.abcdefghijklmnopqrstu', 'jürgen@example.org', 'a@b.co1'])
      expect(isEmail(bad), bad).toBe(false);
  });

  it('is_ext_email allows umlauts in local part and domain; is_email does not', () => {
    expect(isExtEmail('jürgen@müller.de')).toBe(true);
    expect(isExtEmail('ÄÖÜ@äöü.de')).toBe(true);
    expect(isExtEmail('a+b@c.de')).toBe(false);
    expect(isEmail('jürgen@müller.de')).toBe(false);
  });

  it("is_special_email allows .!#$%&'*+-/=?^_`{|}~ and umlauts in the local part only", () => {
    expect(isSpecialEmail("o'neil+tag/x=y?^_`{|}~!#$%&*@example.org")).toBe(true);
    expect(isSpecialEmail('jörg+1@müller.de')).toBe(true);
    expect(isSpecialEmail('a@b+c.de')).toBe(false);
    expect(isSpecialEmail('a b@c.de')).toBe(false);
  });

  it('is_phone: 3+ tokens of digits, separators and e/x/t/ension', () => {
    for (const ok of ['123', '(555) 014-2290', '+1 555 0100 ext 12', '555 x12', '0800 extension 4', '1.2/3[4]_5,6:7;8'])
      expect(isPhone(ok), ok).toBe(true);
    for (const bad of ['12', '', '555 call me', 'abc', '555-CALL', '555 EXT 1']) expect(isPhone(bad), bad).toBe(false);
  });

  it('is_number: optional minus and whitespace, no leading zero, decimal by dot or comma', () => {
    for (const ok of ['0', '12', '-3', '- 3', ' 7', '1.5', '1,5', '-0.25']) expect(isNumber(ok), ok).toBe(true);
    for (const bad of ['', '01', '1.', '.5', '1e3', '0x10', '+1', '1 000', 'abc']) expect(isNumber(bad), bad).toBe(false);
  });

  it('is_positiv_number: the one documented definition (trimmed is_number without minus)', () => {
    for (const ok of ['0', '7', ' 7', '7 ', '1.5', '1,5', '300']) expect(isPositiveNumber(ok), ok).toBe(true);
    for (const bad of ['-1', '-0', '1e3', '0x10', '07', '+7', '', ' ', 'Infinity', 'NaN']) expect(isPositiveNumber(bad), bad).toBe(false);
  });

  it('captcha: the answer is the verifier digit at the index its last digit gives', () => {
    // digits 3 1 4 1 5 2 6 5 2: last digit 2 → index 2 → '4'
    expect(captchaAnswer('314152652')).toBe('4');
    expect(isCaptchaAnswer('4', '314152652.1700000000000.abc')).toBe(true);
    expect(isCaptchaAnswer(' 4 ', '314152652')).toBe(true);
    expect(isCaptchaAnswer('5', '314152652')).toBe(false);
    // exactly 9 digits; a last digit 9 points past the end
    expect(captchaAnswer('314152659')).toBeUndefined();
    expect(captchaAnswer('31415265')).toBeUndefined();
    expect(isCaptchaAnswer('', '')).toBe(false);
  });

  it('the first rule class decides; nonblank without a rule is valid; blank without a rule is left alone', () => {
    expect(ruleOf('text_input is_email is_empty')).toBe('is_email');
    expect(ruleOf(['form-field'])).toBeUndefined();
    expect(fieldStatus(undefined, 'hello')).toBe('valid');
    expect(fieldStatus(undefined, '  ')).toBe('unchecked');
    expect(fieldStatus('is_email', 'nope')).toBe('error');
    // §5: a checkbox sends "true" when checked and "" otherwise
    expect(fieldStatus('is_empty', 'true')).toBe('valid');
    expect(fieldStatus('is_empty', '')).toBe('error');
    expect(checkFields([{ name: 'a', label: 'A', rule: 'is_empty' }, { name: 'b', label: 'B' }], { a: '' })).toEqual({ a: 'error', b: 'unchecked' });
  });

  it('a select’s nonblank value must be one of its options, on both sides (issue 17)', () => {
    const topic = { name: 'topic', label: 'Topic', rule: 'is_empty' as const, options: ['Home care', 'Day centre'] };
    expect(checkFields([topic], { topic: 'Day centre' })).toEqual({ topic: 'valid' });
    expect(checkFields([topic], { topic: 'Bribes' })).toEqual({ topic: 'error' });
    expect(checkFields([topic], { topic: 'day centre' })).toEqual({ topic: 'error' });
    expect(checkFields([topic], { topic: '' })).toEqual({ topic: 'error' });
    expect([fieldMessage(topic, 'Bribes'), fieldMessage(topic, '')]).toEqual([OPTION_MESSAGE, RULE_MESSAGES.is_empty]);
    // An optional select (no rule) may stay blank, but still cannot carry a value it does not offer.
    const optional = { name: 'o', label: 'O', options: ['A'] };
    expect(checkFields([optional], { o: '' })).toEqual({ o: 'unchecked' });
    expect(checkFields([optional], { o: 'B' })).toEqual({ o: 'error' });
  });

  it('a field declared only by its class list gets that rule (§5: the class list decides)', () => {
    const phone = { name: 'phone', label: 'Phone', classes: 'text_input is_phone' };
    expect(fieldClasses(phone)).toEqual(['text_input', 'is_phone']);
    expect(fieldRule(phone)).toBe('is_phone');
    expect(checkFields([phone], { phone: 'call me' })).toEqual({ phone: 'error' });
    expect(checkFields([phone], { phone: '555 0100' })).toEqual({ phone: 'valid' });
    // The `rule` shorthand of existing definitions still works and is rendered as a class.
    const email = { name: 'email', label: 'E-mail', rule: 'is_email' as const };
    expect(fieldClasses(email)).toEqual(['is_email']);
    expect(checkFields([email], { email: 'nope' })).toEqual({ email: 'error' });
    // The first rule class in the rendered list wins, as ruleOf says.
    expect(fieldRule({ name: 'x', label: 'X', classes: 'is_number', rule: 'is_empty' })).toBe('is_number');
  });

  it('captcha: a last digit that points at itself (index 8 of 9) gives that digit, whatever the other digits', () => {
    // §5: the character at the position the last character gives, counted from 0 (as the original).
    for (const digits of ['123456788', '888888888', '912345608', '000000008', '999999998']) {
      expect(captchaAnswer(digits), digits).toBe('8');
      expect(isCaptchaAnswer('8', `${digits}.1700000000000.sig`), digits).toBe(true);
      expect(isCaptchaAnswer('7', `${digits}.1700000000000.sig`), digits).toBe(false);
    }
    // Index 0 and any digit 0-9 elsewhere (the original's charAt has no range of its own).
    expect(captchaAnswer('512345670')).toBe('5');
    expect(captchaAnswer('190000004')).toBe('0');
    // A last digit past the end (9 in a 9-digit verifier) has no answer; nothing matches it.
    expect(captchaAnswer('123456789')).toBeUndefined();
    expect(isCaptchaAnswer('', '123456789')).toBe(false);
  });
});
