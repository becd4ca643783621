import { Flex, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, ErrorCard, toast } from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { errorMessage } from './vendor-format.ts';

/** The signed-in merchant's company: one query shared by the dashboard, the onboarding page and the status card. */
export function useMyCompany() {
  return useQuery({
    queryKey: ['merchant', 'company'],
    queryFn: () => api.merchants.getMine(),
  });
}

/**
 * Where the merchant's company stands with the administrators, at the top of the merchant's
 * dashboard and onboarding: a rejection with the administrators' reason and what to do next (change
 * the details and send them again), "waiting for approval" once onboarding is finished, or a
 * suspension. Nothing while the company is approved or still being onboarded.
 *
 * On the onboarding page a finished, rejected company is sent again from here
 * (`complete_onboarding()` puts it back to pending); an unfinished one is sent by finishing.
 */
export function MerchantApprovalStatus({ place }: { place: 'dashboard' | 'onboarding' }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const company = useMyCompany();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterSending = useRef(false);
  const sendAgain = useMutation({
    mutationFn: () => api.profiles.completeOnboarding(),
    onSuccess: async () => {
      // The button goes once the new status is read: the focus goes to the status that replaces
      // it (marked before the reads, which may draw it before they resolve).
      focusAfterSending.current = true;
      await auth.refreshProfile();
      await queryClient.invalidateQueries({ queryKey: ['merchant'] });
      toast({
        title: 'Sent for approval',
        description: 'An administrator will review your company again.',
      });
    },
  });
  const status = company.data?.approval_status;
  useEffect(() => {
    if (!focusAfterSending.current || status === 'rejected') return;
    focusAfterSending.current = false;
    headingRef.current?.focus();
  }, [status]);

  const data = company.data;
  if (!data) return null;
  const finished = data.onboarding_step === 'complete';

  if (data.approval_status === 'rejected') {
    return (
      <Card size="lg" asChild>
        <section aria-labelledby="approval-status-heading">
          <Flex direction="column" gap="3" align="start">
            <Badge tone="danger">Not approved</Badge>
            <Heading as="h2" size="5" id="approval-status-heading" ref={headingRef} tabIndex={-1}>
              Your company was not approved
            </Heading>
            {data.rejection_reason ? (
              <Flex direction="column" gap="1">
                <Text as="p" weight="medium">
                  The administrators’ reason:
                </Text>
                <blockquote
                  style={{
                    margin: 0,
                    paddingLeft: 'var(--space-3)',
                    borderLeft: '3px solid var(--red-9)',
                    whiteSpace: 'pre-line',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {data.rejection_reason}
                </blockquote>
              </Flex>
            ) : (
              <Text as="p">
                The administrators gave no reason. Check your details and claims against what the
                onboarding asks for.
              </Text>
            )}
            <Text as="p">
              <strong>What to do next:</strong>{' '}
              {finished
                ? 'change your company details, statement or claims as the reason asks, then send your company for approval again.'
                : 'finish the onboarding steps, changing what the reason asks for. Finishing sends your company for approval again.'}
            </Text>
            {place === 'dashboard' ? (
              <Button asChild>
                <Link to="/vendor-onboarding">Edit your details</Link>
              </Button>
            ) : finished ? (
              <>
                {sendAgain.isError ? (
                  <ErrorCard title="Not sent" message={errorMessage(sendAgain.error)} />
                ) : null}
                <Button loading={sendAgain.isPending} onClick={() => sendAgain.mutate()}>
                  Send for approval again
                </Button>
              </>
            ) : null}
          </Flex>
        </section>
      </Card>
    );
  }

  if (data.approval_status === 'pending' && finished) {
    return (
      <Card asChild>
        <section aria-labelledby="approval-status-heading">
          <Flex direction="column" gap="2" align="start">
            <Badge tone="warning">Waiting for approval</Badge>
            <Heading as="h2" size="4" id="approval-status-heading" ref={headingRef} tabIndex={-1}>
              Your company is waiting for approval
            </Heading>
            <Text as="p" color="gray">
              An administrator is reviewing your company and its claims. Until it is approved, your
              products and programs are not shown in the shop; you can add products and set up your
              program while you wait.
            </Text>
          </Flex>
        </section>
      </Card>
    );
  }

  if (data.approval_status === 'suspended') {
    return (
      <Card asChild>
        <section aria-labelledby="approval-status-heading">
          <Flex direction="column" gap="2" align="start">
            <Badge tone="danger">Suspended</Badge>
            <Heading as="h2" size="4" id="approval-status-heading" ref={headingRef} tabIndex={-1}>
              Your company is suspended
            </Heading>
            <Text as="p" color="gray">
              Your products and programs are not shown in the shop. Contact us to find out what to
              change.
            </Text>
          </Flex>
        </section>
      </Card>
    );
  }

  return null;
}
