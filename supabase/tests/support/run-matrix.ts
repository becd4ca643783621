// Turns the matrix data into tests: one test per table scenario and operation, comparing the set
// of actors who succeeded with the expected set. Refusals must come from privileges, row-level
// security or a guard (SQLSTATE 42501) or from a documented uniqueness rule (23505); any other
// error means the test case itself is wrong and fails loudly.
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  SCENARIOS,
  caseTag,
  expected,
  type Actor,
  type Operation,
  type Scenario,
} from './matrix.ts';

export interface Outcome {
  allowed: boolean;
  code?: string;
  message?: string;
}

export type Attempt = (input: {
  actor: Actor;
  operation: Operation;
  scenario: Scenario;
  tag: string;
}) => Promise<Outcome>;

const REFUSAL_CODES = new Set(['42501', '23505']);

export function defineMatrix(attempt: Attempt): void {
  SCENARIOS.forEach((scenario, index) => {
    describe(`${scenario.table}: ${scenario.row}`, () => {
      const operations: [Operation, Actor[] | undefined][] = [
        ['select', scenario.select],
        ['insert', scenario.insert?.allowed],
        ['update', scenario.update?.allowed],
        ['delete', scenario.delete?.allowed],
      ];
      for (const [operation, allowed] of operations) {
        if (!allowed) continue;
        it(`${operation}: allowed for ${allowed.length ? allowed.join(', ') : 'nobody'}`, async () => {
          const succeeded: Actor[] = [];
          const unexpectedErrors: string[] = [];
          for (const actor of ACTORS) {
            const outcome = await attempt({
              actor,
              operation,
              scenario,
              tag: caseTag(index, actor),
            });
            if (outcome.allowed) succeeded.push(actor);
            else if (outcome.code && !REFUSAL_CODES.has(outcome.code)) {
              unexpectedErrors.push(`${actor}: ${outcome.code} ${outcome.message ?? ''}`);
            }
          }
          expect(unexpectedErrors).toEqual([]);
          expect(succeeded).toEqual(expected(allowed));
        });
      }
    });
  });
}
