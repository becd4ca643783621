import type { ModuleContext } from '../context.ts';
import type { Database } from '../database.types.ts';
import { ApiError } from '../errors.ts';
import { currentUserId, run, runOne, runDelete } from '../request.ts';
import type { Row } from '../types.ts';
import { invalid, slug, uuid } from '../validate.ts';

export type Course = Row<'courses'>;
export type CourseModule = Row<'course_modules'>;
export type CourseWithModules = Course & { course_modules: CourseModule[] };
export type Enrollment = Row<'enrollments'>;
export type Certificate = Row<'certificates'>;
export type CertificateCheck =
  Database['public']['Functions']['verify_certificate']['Returns'][number];

export interface CourseProgress {
  enrollment: Enrollment | null;
  completedModuleIds: string[];
  totalModules: number;
}

/**
 * A certificate's code as the database checks it: three groups of four capital letters or digits.
 * issue_certificate makes them of 12 random hex digits (7C1E-04A9-B3F2); the seed's read like
 * VRDT-A1C1-2026. Either way letters and digits mix within a group, which the hint says.
 */
const CERTIFICATE_CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
/** The reason a code of another form is refused, told after the field ("Code must be …"). */
const CERTIFICATE_CODE_REASON =
  'must be 12 letters or digits in three groups of four, such as 7C1E-04A9-B3F2';

/** Courses, enrollment, per-module progress and certificates. */
export function createCoursesModule({ supabase }: ModuleContext) {
  return {
    /** Published courses (admins also see drafts), newest first. */
    async list(): Promise<Course[]> {
      return run(supabase.from('courses').select('*').order('created_at', { ascending: false }));
    },

    /** A course with its modules in order. */
    async getBySlug(courseSlug: string): Promise<CourseWithModules> {
      return runOne(
        supabase
          .from('courses')
          .select('*, course_modules(*)')
          .eq('slug', slug('slug', courseSlug))
          .order('position', { referencedTable: 'course_modules', ascending: true })
          .maybeSingle(),
        'Course',
      );
    },

    /** Enrolls the signed-in user in a published course. */
    async enroll(courseId: string): Promise<Enrollment> {
      const course_id = uuid('courseId', courseId);
      const me = await currentUserId(supabase);
      return run(
        supabase.from('enrollments').insert({ course_id, user_id: me }).select('*').single(),
      );
    },

    async leave(courseId: string): Promise<void> {
      const course_id = uuid('courseId', courseId);
      const me = await currentUserId(supabase);
      await runDelete(
        supabase
          .from('enrollments')
          .delete()
          .eq('course_id', course_id)
          .eq('user_id', me)
          .select('id'),
        'Enrollment',
      );
    },

    /** Marks a module of an enrolled course done (repeating it is harmless). */
    async completeModule(moduleId: string): Promise<void> {
      const module_id = uuid('moduleId', moduleId);
      const me = await currentUserId(supabase);
      await run(
        supabase
          .from('module_progress')
          .upsert(
            { module_id, user_id: me },
            { onConflict: 'user_id,module_id', ignoreDuplicates: true },
          ),
      );
    },

    async uncompleteModule(moduleId: string): Promise<void> {
      const module_id = uuid('moduleId', moduleId);
      const me = await currentUserId(supabase);
      await run(
        supabase.from('module_progress').delete().eq('module_id', module_id).eq('user_id', me),
      );
    },

    /** The signed-in user's enrollment and completed modules of one course. */
    async progress(courseId: string): Promise<CourseProgress> {
      const course_id = uuid('courseId', courseId);
      const me = await currentUserId(supabase);
      const [enrollment, modules] = await Promise.all([
        run(
          supabase
            .from('enrollments')
            .select('*')
            .eq('course_id', course_id)
            .eq('user_id', me)
            .maybeSingle(),
        ),
        run(
          supabase
            .from('course_modules')
            .select('id, module_progress(module_id)')
            .eq('course_id', course_id)
            .eq('module_progress.user_id', me),
        ),
      ]);
      return {
        enrollment,
        completedModuleIds: modules.filter((m) => m.module_progress.length > 0).map((m) => m.id),
        totalModules: modules.length,
      };
    },

    /** Issues (or returns) the certificate once every module is complete. */
    async issueCertificate(courseId: string): Promise<Certificate> {
      return run(
        supabase.rpc('issue_certificate', { course: uuid('courseId', courseId) }).single(),
      );
    },

    /** The signed-in learner's certificates, newest first (a read: nothing is issued). */
    async listMyCertificates(): Promise<Certificate[]> {
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('certificates')
          .select('*')
          .eq('user_id', me)
          .order('issued_at', { ascending: false }),
      );
    },

    /** Checks a certificate code; reveals only the holder's name, the course and the date. */
    async verifyCertificate(code: string): Promise<CertificateCheck> {
      const normalised = typeof code === 'string' ? code.trim().toUpperCase() : code;
      if (typeof normalised !== 'string' || !CERTIFICATE_CODE.test(normalised))
        invalid('code', CERTIFICATE_CODE_REASON);
      const rows = await run(supabase.rpc('verify_certificate', { certificate_code: normalised }));
      const first = rows[0];
      if (!first) throw new ApiError('not_found', 'Certificate not found');
      return first;
    },
  };
}

export type CoursesModule = ReturnType<typeof createCoursesModule>;
