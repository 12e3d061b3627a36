import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopContact } from './ShopContact';

afterEach(cleanup);

const shop = {
  name: 'Prairie Roots Nursery',
  address: '12 Mill Road, Ames, IA',
  phone: '(555) 310-4477',
  phone2: '+1 555.310.9900',
  email: 'hello@prairie.example',
  latitude: 42,
  longitude: -93,
  timeZone: 'America/Chicago',
  brandFlagLabel: "Doug's",
};

describe('ShopContact', () => {
  it('shows the address, both numbers dialling their digits, and the e-mail address', () => {
    render(<ShopContact shop={shop} className="footer-contact" />);
    expect(screen.getByText('12 Mill Road, Ames, IA')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(555) 310-4477' }).getAttribute('href')).toBe('tel:5553104477');
    expect(screen.getByRole('link', { name: '+1 555.310.9900' }).getAttribute('href')).toBe(
      'tel:+15553109900',
    );
    expect(screen.getByRole('link', { name: 'hello@prairie.example' }).getAttribute('href')).toBe(
      'mailto:hello@prairie.example',
    );
    expect(screen.queryByText('Prairie Roots Nursery')).toBeNull();
  });

  it('names the shop first where asked (the Contact page)', () => {
    const { container } = render(<ShopContact shop={shop} className="contact-address" withName />);
    expect(container.querySelector('address.contact-address > strong')?.textContent).toBe(
      'Prairie Roots Nursery',
    );
  });
});
