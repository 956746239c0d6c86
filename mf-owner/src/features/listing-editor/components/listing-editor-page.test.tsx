import { act, screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError } from 'shared-api';
import { MESSAGES, type Property, type PropertyWithRevision } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { fakeFile, renderPage } from 'shared-ui/testing';
import { makeListing, makeRevision, withRev } from 'shared-api/testing';
import { LISTING_MESSAGES } from '../lib/listing-form';
import { ListingEditorPage } from './listing-editor-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getOwnedProperty: jest.fn(),
  createRentalReadyProperty: jest.fn(),
  createOffPlanProperty: jest.fn(),
  updateOwnedRentalReady: jest.fn(),
  updateOwnedOffPlan: jest.fn(),
  uploadPropertyImages: jest.fn(),
  uploadPropertyDocuments: jest.fn(),
  deletePropertyFile: jest.fn(),
  setPropertyFileOrder: jest.fn(),
}));

const m = {
  getOwnedProperty: jest.mocked(api.getOwnedProperty),
  createRentalReady: jest.mocked(api.createRentalReadyProperty),
  createOffPlan: jest.mocked(api.createOffPlanProperty),
  updateRentalReady: jest.mocked(api.updateOwnedRentalReady),
  uploadImages: jest.mocked(api.uploadPropertyImages),
  uploadDocuments: jest.mocked(api.uploadPropertyDocuments),
  deleteFile: jest.mocked(api.deletePropertyFile),
  order: jest.mocked(api.setPropertyFileOrder),
};

jest.setTimeout(30_000);

beforeAll(() => {
  // jsdom has no object URLs; the previews need them.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
});

const png = (name: string, size?: number) => fakeFile(name, 'image/png', size);
const pdf = (name: string) => fakeFile(name, 'application/pdf');

function createPage() {
  return renderPage(<ListingEditorPage />, { url: '/dashboard/listings/create', path: '/dashboard/listings/create' });
}

async function editPage(p: Property | PropertyWithRevision) {
  m.getOwnedProperty.mockResolvedValue('revision' in p ? p : withRev(p));
  const ui = renderPage(<ListingEditorPage />, { url: `/dashboard/listings/${p._id}/edit`, path: '/dashboard/listings/:id/edit' });
  await screen.findByRole('heading', { level: 1, name: 'Edit listing' });
  return ui;
}

type Ui = ReturnType<typeof createPage>;

async function fillDetails(ui: Ui, type: 'Rental Ready' | 'Off Plan' = 'Rental Ready') {
  await ui.user.click(screen.getByRole('radio', { name: new RegExp(type) }));
  await ui.user.type(screen.getByRole('textbox', { name: /Property name/ }), 'Maple Court');
  await ui.user.type(screen.getByRole('textbox', { name: /Address/ }), '12 Maple St, Austin');
  await ui.user.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'TX');
  await ui.user.type(screen.getByRole('textbox', { name: /Total units/ }), '1000');
  await ui.user.type(screen.getByRole('textbox', { name: /Unit price/ }), '50');
  await ui.user.type(screen.getByRole('textbox', { name: /Five-year ROI/ }), '40');
}

const imagesInput = () => screen.getByLabelText('Images') as HTMLInputElement;
const documentsInput = () => screen.getByLabelText('Documents') as HTMLInputElement;
const figure = (label: string) => screen.getByTestId(`figure-${label}`).textContent;

test('submitting an empty form shows every rule under its field, the first as a toast', async () => {
  const ui = createPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Create listing' })).toBeInTheDocument();
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));
  for (const message of [
    LISTING_MESSAGES.name,
    LISTING_MESSAGES.address,
    LISTING_MESSAGES.state,
    LISTING_MESSAGES.totalQuantity,
    LISTING_MESSAGES.unitPrice,
    LISTING_MESSAGES.roi,
  ]) {
    expect(within(screen.getByRole('form', { name: 'Create listing' })).getByText(message)).toBeInTheDocument();
  }
  // Under the field and as a toast (toasts render once notistack has loaded, on the first one).
  await waitFor(() => expect(screen.getAllByText(LISTING_MESSAGES.type).length).toBeGreaterThanOrEqual(2));
  expect(m.createRentalReady).not.toHaveBeenCalled();
  // Messages follow the typing once shown.
  await ui.user.type(screen.getByRole('textbox', { name: /Property name/ }), 'M');
  expect(screen.queryByText(LISTING_MESSAGES.name)).not.toBeInTheDocument();
});

test('total value and annual return update as the owner types', async () => {
  const ui = createPage();
  expect(figure('Total value')).toBe('—');
  expect(figure('Annual return')).toBe('—');
  await ui.user.type(screen.getByRole('textbox', { name: /Total units/ }), '1200');
  await ui.user.type(screen.getByRole('textbox', { name: /Unit price/ }), '25.5');
  expect(figure('Total value')).toBe('$30,600');
  await ui.user.type(screen.getByRole('textbox', { name: /Five-year ROI/ }), '42');
  expect(figure('Annual return')).toBe('8.4%');
  await ui.user.type(screen.getByRole('textbox', { name: /Unit price/ }), '5');
  expect(figure('Total value')).toBe('$30,660');
});

test('only off-plan listings carry construction progress', async () => {
  const ui = createPage();
  expect(screen.queryByRole('textbox', { name: /Construction progress/ })).not.toBeInTheDocument();
  await ui.user.click(screen.getByRole('radio', { name: /Off Plan/ }));
  const progress = screen.getByRole('textbox', { name: /Construction progress/ });
  expect(progress).toHaveValue('0');
  await ui.user.clear(progress);
  await ui.user.type(progress, '120');
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));
  expect(screen.getAllByText('Construction progress must be a whole number from 0 to 100').length).toBeGreaterThan(0);
});

describe('file rules (spec 5)', () => {
  test('images refuse other types, files over 5 MB and more than five, with the spec messages', async () => {
    const ui = createPage();
    await ui.user.upload(imagesInput(), pdf('deed.pdf'));
    expect(screen.getAllByText(MESSAGES.onlyImages).length).toBeGreaterThan(0);
    await ui.user.upload(imagesInput(), png('huge.png', 5 * 1024 * 1024 + 1));
    expect(screen.getAllByText('File size exceeds the maximum allowed limit (5MB).').length).toBeGreaterThan(0);
    await ui.user.upload(
      imagesInput(),
      ['1', '2', '3', '4', '5', '6'].map((n) => png(`photo-${n}.png`)),
    );
    expect(screen.getAllByText('You can upload a maximum of 5.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('list', { name: 'Images: chosen files' })).not.toBeInTheDocument();
  });

  test('documents take PDFs only', async () => {
    const ui = createPage();
    await ui.user.upload(documentsInput(), png('photo.png'));
    expect(screen.getAllByText(MESSAGES.onlyPdf).length).toBeGreaterThan(0);
    await ui.user.upload(documentsInput(), pdf('title-deed-of-the-property.pdf'));
    // Names are shown truncated to 20 characters.
    expect(within(screen.getByRole('list', { name: 'Documents: chosen files' })).getByText('title-deed-of-the-pr...')).toBeInTheDocument();
  });

  test('chosen images show previews and can be removed before saving', async () => {
    const ui = createPage();
    await ui.user.upload(imagesInput(), [png('front.png'), png('garden.png')]);
    const list = screen.getByRole('list', { name: 'Images: chosen files' });
    expect(within(list).getAllByRole('img', { name: /Preview of/ })).toHaveLength(2);
    await ui.user.click(within(list).getByRole('button', { name: 'Remove front.png' }));
    expect(within(screen.getByRole('list', { name: 'Images: chosen files' })).getAllByRole('listitem')).toHaveLength(1);
  });
});

test('a rental-ready listing with three images and a PDF is created, uploaded with progress, and sent to review', async () => {
  const created = makeListing({ _id: 'new-1' });
  m.createRentalReady.mockResolvedValue(created);
  let finishImages: (p: PropertyWithRevision) => void = () => {};
  m.uploadImages.mockImplementation((_id, _files, opts) => {
    opts?.onProgress?.(0.5);
    return new Promise((resolve) => {
      finishImages = resolve;
    });
  });
  m.uploadDocuments.mockImplementation(async (_id, _files, opts) => {
    opts?.onProgress?.(1);
    return withRev(created);
  });
  const ui = createPage();
  await fillDetails(ui);
  await ui.user.type(screen.getByRole('textbox', { name: /Description/ }), 'Twelve flats near the river.');
  const images = [png('front.png'), png('kitchen.png'), png('garden.png')];
  await ui.user.upload(imagesInput(), images);
  await ui.user.upload(documentsInput(), pdf('valuation.pdf'));
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));

  await waitFor(() => expect(m.uploadImages).toHaveBeenCalled());
  expect(m.createRentalReady).toHaveBeenCalledWith({
    name: 'Maple Court',
    address: '12 Maple St, Austin',
    state: 'TX',
    description: 'Twelve flats near the river.',
    totalQuantity: 1000,
    unitPrice: 50,
    roiInFiveYears: 40,
  });
  expect(m.uploadImages.mock.calls[0][0]).toBe('new-1');
  expect(m.uploadImages.mock.calls[0][1]).toEqual(images);
  // Each chosen image shows the batch's progress while it is sent.
  const bars = await screen.findAllByRole('progressbar', { name: /Upload progress for/ });
  expect(bars).toHaveLength(3);
  expect(bars[0]).toHaveAttribute('aria-valuenow', '50');
  expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

  await act(async () => finishImages(withRev({ ...created, images: [{ _id: 'i1', url: '/download/i1.png' }] })));
  await waitFor(() => expect(ui.location()).toBe('/dashboard/listings'));
  expect(m.uploadDocuments.mock.calls[0][0]).toBe('new-1');
  expect(m.uploadDocuments.mock.calls[0][1].map((f) => (f as File).name)).toEqual(['valuation.pdf']);
  expect(screen.getByText('Your listing was submitted for review.')).toBeInTheDocument();
});

test('creating: the chosen images are sent in the order chosen, the first being the cover', async () => {
  const created = makeListing({ _id: 'new-3' });
  m.createRentalReady.mockResolvedValue(created);
  m.uploadImages.mockResolvedValue(withRev(created));
  const ui = createPage();
  await fillDetails(ui);
  const front = png('front.png');
  const kitchen = png('kitchen.png');
  await ui.user.upload(imagesInput(), [front, kitchen]);
  expect(screen.getByText('The first image is the cover: move them up or down to choose.')).toBeInTheDocument();
  await ui.user.click(screen.getByRole('button', { name: 'Move kitchen.png up' }));
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));
  await waitFor(() => expect(m.uploadImages).toHaveBeenCalled());
  expect(m.uploadImages.mock.calls[0][1]).toEqual([kitchen, front]);
});

test('an off-plan listing is created through the off-plan call with its progress', async () => {
  m.createOffPlan.mockResolvedValue(makeListing({ _id: 'op-1', type: 'OFF_PLAN', progress: 15 }));
  const ui = createPage();
  await fillDetails(ui, 'Off Plan');
  const progress = screen.getByRole('textbox', { name: /Construction progress/ });
  await ui.user.clear(progress);
  await ui.user.type(progress, '15');
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));
  await waitFor(() => expect(ui.location()).toBe('/dashboard/listings'));
  expect(m.createOffPlan).toHaveBeenCalledWith(expect.objectContaining({ name: 'Maple Court', progress: 15 }));
  expect(m.createRentalReady).not.toHaveBeenCalled();
  expect(m.uploadImages).not.toHaveBeenCalled();
});

test('when an upload fails the listing stays saved, and saving again only retries the files', async () => {
  m.createRentalReady.mockImplementation(async (body) => makeListing({ ...body, _id: 'new-2' }));
  m.uploadImages.mockRejectedValueOnce(
    new ApiError(413, { statusCode: 413, error: 'Payload Too Large', message: 'File size exceeds the maximum allowed limit (5MB).' }),
  );
  m.uploadImages.mockResolvedValueOnce(withRev(makeListing({ _id: 'new-2', images: [{ _id: 'i1', url: '/download/i1.png' }] })));
  const ui = createPage();
  await fillDetails(ui);
  await ui.user.upload(imagesInput(), png('front.png'));
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));
  expect(await screen.findByText('The listing was saved, but some files were not uploaded')).toBeInTheDocument();
  expect(ui.location()).toBe('/dashboard/listings/create');
  // Now it is a saved listing pending review; the file is still chosen.
  expect(screen.getByText('Pending review')).toBeInTheDocument();
  await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(ui.location()).toBe('/dashboard/listings'));
  expect(m.createRentalReady).toHaveBeenCalledTimes(1);
  expect(m.updateRentalReady).not.toHaveBeenCalled();
  expect(m.uploadImages).toHaveBeenCalledTimes(2);
});

test('a server refusal is shown and nothing is uploaded', async () => {
  m.createRentalReady.mockRejectedValue(
    new ApiError(400, { statusCode: 400, error: 'Bad Request', message: ['Please fill in all fields'] }),
  );
  const ui = createPage();
  await fillDetails(ui);
  await ui.user.upload(imagesInput(), png('front.png'));
  await ui.user.click(screen.getByRole('button', { name: 'Submit for review' }));
  await waitFor(() => expect(screen.getAllByText('Please fill in all fields').length).toBeGreaterThan(0));
  expect(ui.location()).toBe('/dashboard/listings/create');
  expect(m.uploadImages).not.toHaveBeenCalled();
});

describe('editing', () => {
  test('a live listing with units sold: changes go to review while it stays live; price and units are locked; only changes are sent', async () => {
    const p = makeListing({ _id: 'live-1', status: 'ACTIVE', totalQuantity: 1000, availableQuantity: 880 });
    const revision = makeRevision({
      propertyId: 'live-1',
      proposed: { name: 'Maple Court II' },
      fieldChanges: [{ field: 'name', from: 'Maple Court', to: 'Maple Court II' }],
    });
    m.updateRentalReady.mockResolvedValue(withRev(p, revision));
    const ui = await editPage(p);
    expect(screen.getByText('This listing is live')).toBeInTheDocument();
    expect(screen.getByText(/keep seeing, and buying, the listing as it is now/)).toBeInTheDocument();
    expect(screen.getByText(/Investors hold or have ordered 120 units/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Unit price/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Total units/ })).toBeDisabled();
    expect(screen.getAllByText('Locked: units have been sold or reserved')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Off Plan/ })).toBeDisabled();

    const name = screen.getByRole('textbox', { name: /Property name/ });
    await ui.user.clear(name);
    await ui.user.type(name, 'Maple Court II');
    await ui.user.click(screen.getByRole('button', { name: 'Submit changes for review' }));
    await waitFor(() => expect(ui.location()).toBe('/dashboard/listings'));
    expect(m.updateRentalReady).toHaveBeenCalledWith('live-1', { name: 'Maple Court II' });
    expect(
      screen.getByText('Your changes were sent for review. The live listing stays as it is until an admin approves them.'),
    ).toBeInTheDocument();
  });

  test('changes under review: the form starts from them and the notice shows what changed, field by field and file by file', async () => {
    const p = makeListing({
      _id: 'live-2',
      status: 'ACTIVE',
      images: [
        { _id: 'i1', url: '/download/i1.webp' },
        { _id: 'i2', url: '/download/i2.webp' },
      ],
    });
    const revision = makeRevision({
      propertyId: 'live-2',
      proposed: { name: 'Maple Court II', unitPrice: 55 },
      images: [
        { _id: 'i2', url: '/download/i2.webp' },
        { _id: 'i1', url: '/download/i1.webp' },
      ],
      fieldChanges: [
        { field: 'name', from: 'Maple Court', to: 'Maple Court II' },
        { field: 'unitPrice', from: 50, to: 55 },
      ],
      fileChanges: [{ kind: 'IMAGE', change: 'MOVED', fileId: 'i2', name: 'garden.png', url: '/download/i2.webp', from: 2, to: 1 }],
      coverChanged: true,
    });
    const ui = await editPage(withRev(p, revision));
    const notice = screen.getByRole('region', { name: 'Changes under review' });
    const table = within(notice).getByRole('table', { name: 'Changed details' });
    expect(within(table).getByRole('rowheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(table).getByText('Maple Court II')).toBeInTheDocument();
    expect(within(table).getByText('$50.00')).toBeInTheDocument();
    expect(within(table).getByText('$55.00')).toBeInTheDocument();
    expect(within(notice).getByText('The cover image changes.')).toBeInTheDocument();
    expect(within(notice).getByText('Image moved from position 2 to 1')).toBeInTheDocument();
    // The form shows the proposed values and order; saving again compares with them.
    expect(screen.getByRole('textbox', { name: /Property name/ })).toHaveValue('Maple Court II');
    expect(screen.getByRole('textbox', { name: /Unit price/ })).toHaveValue('55');
    expect(screen.getByRole('img', { name: 'Uploaded image 1 (cover)' })).toHaveAttribute('src', expect.stringContaining('i2.webp'));
    await ui.user.click(screen.getByRole('button', { name: 'Submit changes for review' }));
    expect(await screen.findByText('There are no changes to save.')).toBeInTheDocument();
    expect(m.updateRentalReady).not.toHaveBeenCalled();
  });

  test('rejected changes show the reviewer’s reason', async () => {
    const p = makeListing({ status: 'ACTIVE' });
    await editPage(
      withRev(p, makeRevision({ status: 'REJECTED', reason: 'The new name is misleading', decidedAt: '2026-01-04T10:00:00.000Z' })),
    );
    expect(screen.getByText('Your last changes were rejected')).toBeInTheDocument();
    expect(screen.getByText(/Reason: The new name is misleading\./)).toBeInTheDocument();
  });

  test('a rejected listing shows the reviewer’s reason', async () => {
    await editPage(makeListing({ status: 'REJECTED', rejectionReason: 'The photos do not show the building.' }));
    expect(screen.getByText(/Reason: The photos do not show the building\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and send for review' })).toBeEnabled();
  });

  test('a funded listing takes changes for review, never to its price or units', async () => {
    await editPage(makeListing({ status: 'FUNDED', availableQuantity: 0 }));
    expect(screen.getByText('This listing is live and fully funded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit changes for review' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Property name/ })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Unit price/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Total units/ })).toBeDisabled();
  });

  test('images are reordered and the cover chosen with buttons, keyboard included', async () => {
    const images = ['a', 'b', 'c'].map((x) => ({ _id: `img-${x}`, url: `/download/${x}.png` }));
    const p = makeListing({ images });
    m.order.mockImplementation(async (_id, body) => withRev({ ...p, images: body.ids.map((id) => images.find((i) => i._id === id)!) }));
    const ui = await editPage(p);
    const list = () => screen.getByRole('list', { name: 'Uploaded images' });
    expect(within(list()).getByRole('img', { name: 'Uploaded image 1 (cover)' })).toHaveAttribute('src', expect.stringContaining('a.png'));
    expect(within(list()).getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(within(list()).getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();
    expect(within(list()).queryByRole('button', { name: 'Make cover: image 1' })).not.toBeInTheDocument();

    await ui.user.click(within(list()).getByRole('button', { name: 'Make cover: image 3' }));
    expect(m.order).toHaveBeenCalledWith(p._id, { kind: 'PROPERTY_IMAGE', ids: ['img-c', 'img-a', 'img-b'] });
    expect(await screen.findByText('Image 3 is now the cover.')).toBeInTheDocument();
    expect(within(list()).getByRole('img', { name: 'Uploaded image 1 (cover)' })).toHaveAttribute('src', expect.stringContaining('c.png'));

    // By keyboard: focus the button and press Enter.
    within(list()).getByRole('button', { name: 'Move image 2 later' }).focus();
    await ui.user.keyboard('{Enter}');
    expect(m.order).toHaveBeenLastCalledWith(p._id, { kind: 'PROPERTY_IMAGE', ids: ['img-c', 'img-b', 'img-a'] });
    await waitFor(() =>
      expect(
        within(list())
          .getAllByRole('img')
          .map((i) => i.getAttribute('src')),
      ).toEqual([expect.stringContaining('c.png'), expect.stringContaining('b.png'), expect.stringContaining('a.png')]),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Image 2 moved to position 3.');
  });

  test('on a live listing a new order is part of the changes under review', async () => {
    const images = ['a', 'b'].map((x) => ({ _id: `img-${x}`, url: `/download/${x}.png` }));
    const p = makeListing({ status: 'ACTIVE', images });
    m.order.mockResolvedValue(
      withRev(
        p,
        makeRevision({
          images: [images[1], images[0]],
          coverChanged: true,
          fileChanges: [{ kind: 'IMAGE', change: 'MOVED', fileId: 'img-b', name: 'b.png', url: '/download/b.png', from: 2, to: 1 }],
        }),
      ),
    );
    const ui = await editPage(p);
    await ui.user.click(screen.getByRole('button', { name: 'Make cover: image 2' }));
    expect(await screen.findByText(/Image 2 is now the cover\. The new order is sent for review/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Changes under review' })).toHaveTextContent('Image moved from position 2 to 1');
    expect(
      within(screen.getByRole('list', { name: 'Uploaded images' })).getByRole('img', { name: 'Uploaded image 1 (cover)' }),
    ).toHaveAttribute('src', expect.stringContaining('b.png'));
  });

  test('saving with nothing changed sends nothing', async () => {
    const ui = await editPage(makeListing());
    await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('There are no changes to save.')).toBeInTheDocument();
    expect(m.updateRentalReady).not.toHaveBeenCalled();
  });

  test('an uploaded image is removed after confirmation; a full listing takes no more images', async () => {
    const images = ['a', 'b', 'c', 'd', 'e'].map((x) => ({ _id: `img-${x}`, url: `/download/${x}.png` }));
    const p = makeListing({ images });
    m.deleteFile.mockResolvedValue(withRev({ ...p, images: images.slice(1) }));
    const ui = await editPage(p);
    expect(within(screen.getByRole('list', { name: 'Uploaded images' })).getAllByRole('img')).toHaveLength(5);
    expect(imagesInput()).toBeDisabled();
    expect(screen.getByText(/the most it can have/)).toBeInTheDocument();

    await ui.user.click(screen.getByRole('button', { name: 'Remove uploaded image 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this image?' });
    await ui.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Uploaded images' })).getAllByRole('img')).toHaveLength(4));
    expect(m.deleteFile).toHaveBeenCalledWith(p._id, 'img-a');
    expect(imagesInput()).toBeEnabled();
    expect(screen.getByText(/1 more can be added/)).toBeInTheDocument();
  });

  test('a listing that cannot be loaded offers Retry', async () => {
    m.getOwnedProperty.mockRejectedValue(new ApiError(404, { statusCode: 404, error: 'Not Found', message: 'Property not found' }));
    renderPage(<ListingEditorPage />, { url: '/dashboard/listings/nope/edit', path: '/dashboard/listings/:id/edit' });
    expect(await screen.findByText('Property not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
