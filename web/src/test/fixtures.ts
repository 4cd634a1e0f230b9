import type { FormField, Offer, OfferPage, OwnPicture, SearchItem, Section } from '@/lib/api/types';
import type { ReadyForm } from '@/features/forms/api/forms';

/** A test picture of the shop's own (issue 24): 800 × 600 px, WebP and JPEG only; override any field. */
export function makePicture(overrides: Partial<OwnPicture> = {}): OwnPicture {
  return { id: '0123456789abcdef0123456789abcdef', width: 800, height: 600, avif: false, ...overrides };
}

/** A test offer; override any field. */
export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  const id = overrides.id ?? '11143';
  return {
    id,
    name: `Конструктор ${id}`,
    url: `/catalog/konstruktory/konstruktor-${id}/`,
    sectionId: '12',
    pictures: [makePicture()],
    price: 1480,
    oldPrice: null,
    currencyId: 'RUB',
    available: true,
    vendor: 'Fischertechnik',
    vendorCode: '511931',
    params: [],
    description: null,
    groupId: null,
    variants: null,
    ...overrides,
  };
}

/** A test section; override any field. */
export function makeSection(overrides: Partial<Section> = {}): Section {
  const id = overrides.id ?? '12';
  return {
    id,
    name: `Раздел ${id}`,
    url: `/catalog/section-${id}/`,
    parentId: null,
    depth: 0,
    offerCount: 3,
    ...overrides,
  };
}

/** An offer page wrapping `items`. */
export function makePage(items: Offer[], overrides: Partial<OfferPage> = {}): OfferPage {
  return { items, total: items.length, page: 1, perPage: 20, pages: 1, facets: null, ...overrides };
}

/** A found offer of a search answer (section `1`, 100 ₽, no picture, no params); override any field. */
export function makeSearchItem(id: string, overrides: Partial<SearchItem> = {}): SearchItem {
  return {
    id,
    categoryId: '1',
    name: `Товар ${id}`,
    url: `/catalog/konstruktory/item-${id}/`,
    picture: null,
    parameters: [],
    price: 100,
    oldPrice: null,
    currencyId: 'RUB',
    available: true,
    ...overrides,
  };
}

/** A form field (a required text field named by its code unless overridden); override any member. */
export function makeFormField(code: string, overrides: Partial<FormField> = {}): FormField {
  return { code, label: code, type: 'text', required: 'Y', placeholder: null, value: null, mask: null, ...overrides };
}

/**
 * A form answer like the seeded feedback form: required NAME, PHONE (no phone mask) and MESSAGE, optional EMAIL, a
 * hidden PRODUCT, the consent checkbox with its link and captcha `sid-1`; override any member.
 */
export function makeForm(overrides: Partial<ReadyForm> = {}): ReadyForm {
  return {
    code: 'feedback',
    title: 'Обратная связь',
    description: null,
    submitText: 'Отправить',
    successText: null,
    useCaptcha: true,
    useConsent: true,
    consentText: 'Согласен на обработку персональных данных',
    consentUrl: '/privacy/',
    phoneMask: false,
    fields: [
      makeFormField('NAME', { label: 'Имя' }),
      makeFormField('PHONE', { label: 'Телефон', type: 'phone' }),
      makeFormField('EMAIL', { label: 'E-mail', type: 'email', required: 'N' }),
      makeFormField('MESSAGE', { label: 'Сообщение', type: 'textarea' }),
      makeFormField('PRODUCT', { label: 'Товар', type: 'hidden', required: 'N', value: 'Конструктор 11143' }),
    ],
    values: {},
    country: 'ru',
    captcha: { sid: 'sid-1', imageUrl: '/api/captcha/sid-1' },
    ...overrides,
  };
}
