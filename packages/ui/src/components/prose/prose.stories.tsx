import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Prose } from './prose.tsx';

const article = (
  <>
    <h1>Measuring the footprint of a product</h1>
    <p>
      Every product on Verdant carries an <strong>estimated CO2e</strong> figure. This module
      explains where the number comes from and how to talk about it with your audience. Read the{' '}
      <a href="#methodology">methodology notes</a> before you quote it.
    </p>
    <h2>What the figure covers</h2>
    <ul>
      <li>Raw materials and manufacturing</li>
      <li>Shipping to the merchant's warehouse</li>
      <li>
        Packaging, measured with <code>kg CO2e</code> per unit
      </li>
    </ul>
    <blockquote>
      Say what a claim covers, and what it does not. Trust is the whole product.
    </blockquote>
    <h3>Three steps before you publish</h3>
    <ol>
      <li>Open the product's evidence drawer.</li>
      <li>Check the certificate is still valid.</li>
      <li>Link to the evidence from your post.</li>
    </ol>
    <pre>
      <code>{'verdant.link/go/solar-lantern?ref=alex'}</code>
    </pre>
    <table>
      <thead>
        <tr>
          <th>Category</th>
          <th>Median CO2e</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>Apparel</td>
          <td>6.2 kg</td>
        </tr>
        <tr>
          <td>Home</td>
          <td>3.8 kg</td>
        </tr>
      </tbody>
    </table>
    <hr />
    <p>Next: how commission is calculated.</p>
  </>
);

const meta = {
  title: 'Content/Prose',
  component: Prose,
  args: { children: article },
} satisfies Meta<typeof Prose>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'methodology notes' })).toBeVisible();
    await expect(canvas.getByRole('table')).toBeVisible();
  },
};

export const Small: Story = { args: { size: 'sm' } };

export const AsArticle: Story = {
  args: { asChild: true, children: <article aria-label="Course module">{article}</article> },
  play: async ({ canvas }) => {
    const node = canvas.getByRole('article', { name: 'Course module' });
    await expect(node).toHaveAttribute('data-slot', 'prose');
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
