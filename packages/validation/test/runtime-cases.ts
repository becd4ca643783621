import {
  ROLES,
  SANITIZE_MAX_LENGTH,
  sanitizeText,
  validateEmail,
  validateEngagementMetric,
  validatePassword,
  validateRoleChange,
} from '../src/index.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

/** Results of every public function on a fixed set of inputs, compared across runtimes. */
export function runtimeResults() {
  return {
    roles: ROLES,
    maxLength: SANITIZE_MAX_LENGTH,
    emails: ['user@example.com', 'a..b@example.com', 'x<y@example.com', 'bad'].map(validateEmail),
    passwords: ['', 'Abcdefg1!', 'Ñandú-2024x', 'Ab1!😀😀😀😀', 'Password123!'].map(
      validatePassword,
    ),
    engagement: [
      { metric_type: 'demo_view', metric_value: 1, metadata: { url: '/', referrer: '' } },
      { metric_type: 'error', metric_value: 1, metadata: { type: 'unhandledrejection', url: '/' } },
      { metric_type: 'page_load_time', metric_value: -1, metadata: {} },
    ].map(validateEngagementMetric),
    roleChange: validateRoleChange({
      actorId: 'a',
      actorRole: 'admin',
      targetId: 'a',
      targetRole: 'admin',
      newRole: 'affiliate',
      adminCount: 2,
    }),
    sanitized: XSS_PAYLOADS.flatMap(({ html }) => [
      sanitizeText(html),
      sanitizeText(html, { allowBasicHtml: true, maxLength: 40 }),
    ]),
  };
}
