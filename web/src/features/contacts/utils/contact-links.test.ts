import { describe, expect, it } from 'vitest';
import { contactHref } from './contact-links';

describe('contactHref', () => {
  it('makes tel: links of digits and plus only', () => {
    expect(contactHref('phone', '+7 (495) 000-00-00')).toBe('tel:+74950000000');
    expect(contactHref('phone', '8 800 000-00-00 доб. 1')).toBe('tel:88000000000');
    expect(contactHref('phone', '+7 495 000-00-00, 12')).toBe('tel:+74950000000');
    expect(contactHref('phone', 'нет')).toBeNull();
  });

  it('makes messenger links from numbers and names', () => {
    expect(contactHref('whatsapp', '+7 900 000-00-00')).toBe('https://wa.me/79000000000');
    expect(contactHref('viber', '+7 900 000-00-00')).toBe('viber://chat?number=%2B79000000000');
    expect(contactHref('whatsapp', '8 (900) 000-00-00')).toBe('https://wa.me/79000000000');
    expect(contactHref('email', 'shop@vitrina.example?cc=other@example.com')).toBe('mailto:shop@vitrina.example');
    expect(contactHref('telegram', '@vitrina_demo')).toBe('https://t.me/vitrina_demo');
    expect(contactHref('telegram', 'https://t.me/vitrina_demo')).toBe('https://t.me/vitrina_demo');
    expect(contactHref('instagram', 'vitrina.demo')).toBe('https://www.instagram.com/vitrina.demo');
    expect(contactHref('instagram', 'https://www.instagram.com/vitrina.demo/')).toBe('https://www.instagram.com/vitrina.demo');
    expect(contactHref('email', ' shop@vitrina.example ')).toBe('mailto:shop@vitrina.example');
    expect(contactHref('skype', 'vitrina.demo')).toBe('skype:vitrina.demo?chat');
  });

  it('encodes what could break out of the link', () => {
    expect(contactHref('telegram', 'a"b')).toBe('https://t.me/a%22b');
    expect(contactHref('skype', 'live:x y')).toBe('skype:live%3Ax%20y?chat');
    expect(contactHref('whatsapp', '  ')).toBeNull();
  });
});
