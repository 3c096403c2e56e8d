// The logger's censoring (decision 0116): secrets and personal data in a logged object are replaced,
// wherever a line carries them (its own fields, one level down, or the headers of a request, response
// or error), and a line written inside a log context carries the context's ids.
import { expect, it } from 'vitest';
import { withLogFields } from '../../../commerce-api/src/logging/log-context.ts';
import { capturedLog } from '../../support/captured-log.ts';

it('censors passwords, tokens, card and bank fields, personal data and credential headers', () => {
  const { log, lines, output } = capturedLog('trace');
  const secrets = {
    password: 'pw-top',
    token: 'tok-top',
    user: {
      email: 'ann@example.com',
      phone: '+15550100',
      password: 'pw-nested',
      newPassword: 'pw-new',
      username: 'ann',
    },
    card: { number: '4242424242424242', cvc: '123' },
    payment: { cvc: 'cvc-999', clientSecret: 'pi_1_secret_2' },
    payout: { accountNumber: 'acct-000123456789', routingNumber: 'routing-110000000', ssnLast4: 'ssn-0000' },
    req: { headers: { cookie: 'pn_session=abc', authorization: 'Bearer xyz', 'stripe-signature': 't=1,v1=sig' } },
    res: { headers: { 'set-cookie': 'pn_session=def' } },
  };
  log.debug(secrets, 'a line with everything');
  for (const value of [
    'pw-top',
    'tok-top',
    'ann@example.com',
    '+15550100',
    'pw-nested',
    'pw-new',
    '4242424242424242',
    'cvc-999',
    'pi_1_secret_2',
    'acct-000123456789',
    'routing-110000000',
    'ssn-0000',
    'pn_session=abc',
    'Bearer xyz',
    't=1,v1=sig',
    'pn_session=def',
  ]) {
    expect(output()).not.toContain(value);
  }
  expect(lines[0]).toMatchObject({
    password: '[redacted]',
    user: { email: '[redacted]', username: 'ann' },
    card: '[redacted]',
    req: { headers: { cookie: '[redacted]' } },
  });
});

it('adds the fields of the work in progress to every line, through awaits, and keeps them apart', async () => {
  const { log, lines } = capturedLog();
  await Promise.all([
    withLogFields({ reqId: 'r1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      withLogFields({ eventId: 'evt_1' }, () => log.info('applying'));
      log.info('done');
    }),
    withLogFields({ reqId: 'r2' }, async () => log.info('other')),
  ]);
  log.info('outside');
  expect(lines.map(({ msg, reqId, eventId }) => ({ msg, reqId, eventId }))).toEqual([
    { msg: 'other', reqId: 'r2', eventId: undefined },
    { msg: 'applying', reqId: 'r1', eventId: 'evt_1' },
    { msg: 'done', reqId: 'r1', eventId: undefined },
    { msg: 'outside', reqId: undefined, eventId: undefined },
  ]);
});
