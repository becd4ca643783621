import { Flex, Heading, Text } from '@radix-ui/themes';
import { Badge, Button, Card, PageHeader, Prose } from '@verdant/ui';
import { Link } from 'react-router';

const ROLES = [
  {
    title: 'Claims reviewer (part-time)',
    kind: 'Operations',
    text: 'Read certificates, lifecycle assessments and supplier audits that merchants upload; approve, reject or ask for more, and write down why. Experience with ISO 14067, B Corp or GOTS documentation helps.',
  },
  {
    title: 'Full-stack engineer',
    kind: 'Engineering',
    text: 'TypeScript, React and PostgreSQL. You will work on link tracking, attribution and the dashboards, where correctness matters more than cleverness: a misattributed sale is someone’s lost income.',
  },
  {
    title: 'Creator partnerships lead',
    kind: 'Growth',
    text: 'Help creators who already talk about low-waste living build an income from it: onboarding, disclosure guidance and the courses in Verdant Education.',
  },
] as const;

/** Careers: open roles and how to apply through the contact form. */
export function Component() {
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Careers — Verdant</title>
      <PageHeader
        title="Careers"
        description="A small, remote team building a marketplace where sustainability claims have to be proven."
      />
      <Prose>
        <p>
          We work remotely across European and American time zones, write things down, and keep
          meetings short. Every role below is open to applicants anywhere those time zones work.
        </p>
      </Prose>
      <Flex direction="column" gap="4">
        {ROLES.map((role) => (
          <Card key={role.title}>
            <Flex direction="column" gap="2">
              <Flex gap="2" align="center" wrap="wrap">
                <Heading as="h2" size="4">
                  {role.title}
                </Heading>
                <Badge tone="info">{role.kind}</Badge>
              </Flex>
              <Text as="p" color="gray">
                {role.text}
              </Text>
            </Flex>
          </Card>
        ))}
      </Flex>
      <Text as="p">
        To apply, send us a short note about something you built or reviewed and why it mattered.
      </Text>
      <div>
        <Button asChild>
          <Link to="/contact?subject=Careers">Apply through the contact form</Link>
        </Button>
      </div>
    </Flex>
  );
}
