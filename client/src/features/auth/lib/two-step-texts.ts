import { TOTP_MESSAGES } from '@shared/contracts/auth';
import { TOTP_CODE_TEXTS } from './auth-toasts';

/**
 * Two-step sign-in (issue 22): setting it up and the settings card, screens of the signed-in app;
 * the sign-in's code step has TOTP_CODE_TEXTS.
 */
export const TOTP_TEXTS = {
  code: TOTP_CODE_TEXTS.code,
  cardTitle: 'Two-Step Sign-In',
  cardDescription: 'A code from an authenticator app at each sign-in, besides your password.',
  on: 'Two-step sign-in is on.',
  off: 'Two-step sign-in is off.',
  requiredNote: TOTP_MESSAGES.setupRequired,
  setUp: 'Set Up',
  settingUp: 'Preparing...',
  scan: 'Scan this code with your authenticator app, or type the key into it:',
  key: 'Key',
  qrAlt: 'QR code of the two-step sign-in key',
  turnOn: 'Turn On',
  turningOn: 'Turning On...',
  recoveryTitle: 'Recovery Codes',
  recoveryNote:
    'Keep these somewhere safe. Each signs you in once if you lose your phone. They are shown only now.',
  done: 'Done',
  password: 'Password',
  turnOff: 'Turn Off',
  turningOff: 'Turning Off...',
  turnedOn: 'Two-step sign-in is on',
  turnedOff: 'Two-step sign-in is off',
  failed: 'Two-step sign-in failed',
} as const;
