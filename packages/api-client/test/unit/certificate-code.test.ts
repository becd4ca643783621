import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { clientWith, json } from './fake-fetch.ts';

const check = {
  course_slug: 'honest-sustainability-claims',
  course_title: 'Honest Sustainability Claims',
  holder_name: 'Gale Graduate',
  issued_at: '2026-01-05T10:00:00Z',
};

async function refusal(code: string): Promise<ApiError> {
  const { api, mock } = clientWith([]);
  const error = await api.courses.verifyCertificate(code).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  // Refused before any request.
  expect(mock).not.toHaveBeenCalled();
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('courses.verifyCertificate', () => {
  it.each(['NOPE-1234', 'VRDT-A1C1-2026-X', 'VRDT_A1C1_2026', ''])(
    'refuses %j with a hint that describes real codes, letters and digits mixed',
    async (code) => {
      const error = await refusal(code);
      expect(error.code).toBe('validation_failed');
      expect(error.details).toEqual({
        field: 'code',
        reason: 'must be 12 letters or digits in three groups of four, such as 7C1E-04A9-B3F2',
      });
      // Not the old hint, whose letters-only and digits-only groups no issued code has.
      expect(error.message).not.toContain('ABCD-1234-EFGH');
    },
  );

  it('checks a code as the database stores it: trimmed and upper-case', async () => {
    const { api, requests } = clientWith([json([check])]);
    await expect(api.courses.verifyCertificate(' vrdt-a1c1-2026 ')).resolves.toEqual(check);
    expect(await requests[0]!.json()).toEqual({ certificate_code: 'VRDT-A1C1-2026' });
  });

  it('tells an unknown code as not_found', async () => {
    const { api } = clientWith([json([])]);
    await expect(api.courses.verifyCertificate('VRDT-ZZZZ-2026')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
