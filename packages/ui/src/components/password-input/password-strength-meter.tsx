import { Flex, Text, VisuallyHidden } from '@radix-ui/themes';
import {
  PASSWORD_LIMITS,
  PASSWORD_MAX_SCORE,
  PASSWORD_RULES,
  validatePassword,
} from '@verdant/validation';
import { useId } from 'react';

const strengthLabel = { weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' } as const;

/** A rule met, still to meet while typing, or broken once the field has been left. */
type RuleState = 'met' | 'open' | 'failed';
const MARK: Record<RuleState, string> = { met: '✓', open: '•', failed: '✕' };
const STATUS: Record<RuleState, string> = { met: 'Met:', open: 'Not met:', failed: 'Not met:' };

interface PasswordStrengthMeterProps {
  id: string;
  password: string;
  /** Marks the rules still broken as errors rather than as still to do. */
  showRuleFailures: boolean;
}

/**
 * The score of `validatePassword` as a segmented meter with its strength word, and every rule the
 * validator applies (`PASSWORD_RULES`), each stated once and ticked off as the password meets it:
 * the field states exactly the rules that are checked, and says an unmet one only here. A limit
 * (`PASSWORD_LIMITS`, the auth server's 72 bytes) is listed only while the password breaks it, as
 * broken: almost nobody comes near it, and typing on never meets it. While it is broken the meter
 * says "Too long" at its lowest, never "Strong": such a password cannot be used at all.
 */
export function PasswordStrengthMeter({
  id,
  password,
  showRuleFailures,
}: PasswordStrengthMeterProps) {
  const headingId = useId();
  const empty = password === '';
  const result = validatePassword(password);
  const limits = PASSWORD_LIMITS.filter((rule) => !rule.test(password));
  const tooLong = limits.length > 0;
  const label = empty ? 'No password yet' : tooLong ? 'Too long' : strengthLabel[result.strength];
  const score = tooLong ? 0 : result.score;
  // A weak password still lights one segment, so "Weak" never looks like an empty field.
  const filled = empty ? 0 : Math.max(1, score);
  return (
    <Flex
      direction="column"
      gap="1"
      data-slot="password-strength"
      data-strength={empty ? undefined : tooLong ? 'weak' : result.strength}
    >
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={PASSWORD_MAX_SCORE}
        aria-valuenow={score}
        aria-valuetext={label}
        className="vd-password-meter"
      >
        {Array.from({ length: PASSWORD_MAX_SCORE }, (_, i) => (
          <span
            key={i}
            className="vd-password-meter__segment"
            data-filled={i < filled ? '' : undefined}
          />
        ))}
      </div>
      <div id={id}>
        <Text as="p" size="1" color="gray">
          Strength: {label}
        </Text>
        <Text as="p" id={headingId} size="1" color="gray" mt="1">
          Your password needs:
        </Text>
        <ul aria-labelledby={headingId} className="vd-password-meter__rules">
          {[...PASSWORD_RULES, ...limits].map((rule) => {
            const state: RuleState =
              !empty && rule.test(password)
                ? 'met'
                : (showRuleFailures || limits.includes(rule)) && !empty
                  ? 'failed'
                  : 'open';
            return (
              <li key={rule.id} className="vd-password-meter__rule" data-state={state}>
                <span className="vd-password-meter__mark" aria-hidden>
                  {MARK[state]}
                </span>
                <Text size="1" color={state === 'failed' ? 'red' : 'gray'}>
                  <VisuallyHidden>{STATUS[state]} </VisuallyHidden>
                  {rule.requirement}
                </Text>
              </li>
            );
          })}
        </ul>
      </div>
    </Flex>
  );
}
