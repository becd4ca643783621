import { Flex, Text } from '@radix-ui/themes';
import { PASSWORD_MAX_SCORE, type PasswordValidationResult } from '@verdant/validation';

const strengthLabel = { weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' } as const;

interface PasswordStrengthMeterProps {
  id: string;
  result: PasswordValidationResult;
  empty: boolean;
}

/** Score 0–6 from validatePassword as a segmented meter, the strength word, and the rules still unmet. */
export function PasswordStrengthMeter({ id, result, empty }: PasswordStrengthMeterProps) {
  const label = empty ? 'No password yet' : strengthLabel[result.strength];
  // A weak password still lights one segment, so "Weak" never looks like an empty field.
  const filled = empty ? 0 : Math.max(1, result.score);
  return (
    <Flex
      direction="column"
      gap="1"
      data-slot="password-strength"
      data-strength={empty ? undefined : result.strength}
    >
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={PASSWORD_MAX_SCORE}
        aria-valuenow={result.score}
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
        <Text size="1" color="gray">
          Strength: {label}
        </Text>
        {!empty && result.errors.length > 0 ? (
          <ul className="vd-password-meter__rules">
            {result.errors.map((message) => (
              <li key={message}>
                <Text size="1" color="gray">
                  {message}
                </Text>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Flex>
  );
}
