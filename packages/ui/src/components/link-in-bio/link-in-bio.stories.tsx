import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { avatarImage, productImage } from '../../test/story-images.ts';
import { Badge } from '../badge/index.ts';
import { LinkButton } from './link-button.tsx';
import { LinkPage } from './link-page.tsx';
import { linkPageThemes } from './link-page-themes.ts';
import { ProfileHeader } from './profile-header.tsx';
import { SocialLink, SocialRow } from './social-row.tsx';

function Page({ theme }: { theme: string }) {
  return (
    <LinkPage theme={theme}>
      <ProfileHeader
        name="Alex Rivera"
        username="alexgreen"
        avatarSrc={avatarImage(160)}
        bio="Low-waste living on a budget. Every product here is one I use, and every claim is checked."
        meta={<Badge tone="brand">Verified creator</Badge>}
      />
      <SocialRow>
        <SocialLink network="instagram" href="#instagram" />
        <SocialLink network="tiktok" href="#tiktok" />
        <SocialLink network="youtube" href="#youtube" />
        <SocialLink network="website" href="#website" label="Alex's blog" />
      </SocialRow>
      <LinkButton href="#shop" featured description="Everything I recommend, in one place">
        My sustainable shop
      </LinkButton>
      <LinkButton
        href="#bottle"
        thumbnail={<img src={productImage(150)} alt="" />}
        description="Refillable, plastic free · $24.99"
      >
        Glass cleaning bottle
      </LinkButton>
      <LinkButton href="#guide">Zero-waste kitchen guide</LinkButton>
    </LinkPage>
  );
}

const meta = {
  title: 'Creator/LinkInBio',
  component: LinkPage,
  args: { theme: 'forest' },
  argTypes: { theme: { control: 'inline-radio', options: linkPageThemes } },
  render: (args) => <Page theme={String(args.theme)} />,
} satisfies Meta<typeof LinkPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Alex Rivera' })).toBeVisible();
    await expect(canvas.getByText('@alexgreen')).toBeVisible();
    const social = canvas.getByRole('list', { name: 'Social links' });
    await expect(within(social).getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      '#instagram',
    );
    await expect(within(social).getByRole('link', { name: "Alex's blog" })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /My sustainable shop/ })).toHaveAttribute(
      'data-featured',
    );
  },
};

export const Ocean: Story = { args: { theme: 'ocean' } };
export const Earth: Story = { args: { theme: 'earth' } };
export const Night: Story = { args: { theme: 'night' } };

export const UnknownThemeFallsBack: Story = {
  args: { theme: 'neon' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="link-page"]')).toHaveAttribute(
      'data-link-theme',
      'forest',
    );
  },
};

/** Link buttons wrap a router link with `asChild`; the label stays the link's text. */
export const LinkButtonAsChild: Story = {
  render: () => (
    <LinkPage>
      <LinkButton asChild description="Opens in the app">
        <a href="#courses">My courses</a>
      </LinkButton>
    </LinkPage>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: /My courses/ });
    await expect(link).toHaveAttribute('href', '#courses');
    await expect(link).toHaveAttribute('data-slot', 'link-button');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const StorefrontHeader: Story = {
  render: () => (
    <LinkPage theme="ocean">
      <ProfileHeader
        name="Alex's sustainable picks"
        avatarName="Alex Rivera"
        username="alexgreen"
        bio="Things I use every week and would buy again."
      />
    </LinkPage>
  ),
  play: async ({ canvas, canvasElement }) => {
    // The heading is the storefront's title; the picture (initials here) is its owner's.
    await expect(
      canvas.getByRole('heading', { level: 1, name: "Alex's sustainable picks" }),
    ).toBeVisible();
    await expect(
      canvasElement.querySelector('[data-slot="profile-header"] [data-slot="avatar"]'),
    ).toHaveTextContent('AR');
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
