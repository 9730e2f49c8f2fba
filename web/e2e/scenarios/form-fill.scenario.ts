import { formFillTool } from '@folio/registry';
import type { Page } from 'playwright-core';
import { officeFormPdf } from '../../../server/src/processors/analysis-page-count/analysis-pdfs.fixtures';
import { qpdfFields, reportlabFormPdf } from '../../../server/src/processors/form-fields/reference-forms.fixtures';
import { formPdf, lockedFormPdf } from '../../../server/test/support/form-pdfs';
import { pageTexts } from '../../../server/test/support/pdfs';
import { seriousViolations } from '../axe';
import { defineScenario, pdfUpload } from '../scenario';

/** Each field's value as qpdf reads it, by full name (a radio group once). */
const qpdfValues = (pdf: Buffer) => Object.fromEntries(qpdfFields(pdf).map((field) => [field.fullname, field.value]));

/** The form's controls, laid over its pages: the controls of field `name`. */
const control = (page: Page, name: string) => page.locator(`[data-testid="form-fields-layer"] [data-field="${name}"]`);

/** Waits until the chosen file's fields are on its pages. */
async function formShown(page: Page): Promise<void> {
  await page.getByTestId('form-fields-layer').first().waitFor({ timeout: 30_000 });
}

export default defineScenario(formFillTool, [
  {
    name: 'fills every kind of field of a reportlab form on its pages, Tab in reading order, and the values are in the fields per qpdf',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.openFromHome();
      await ctx.chooseFiles([pdfUpload('form.pdf', reportlabFormPdf())]);
      await formShown(page);
      expect(await page.getByTestId('form-filler-status').innerText()).toBe(
        '6 fields on 2 pages. Click a field to fill it in; Tab moves to the next one. No field changed yet.',
      );
      expect(await page.getByTestId('form-fields-layer').count()).toBe(2);

      // The values in the file are shown, each control named by the field's tooltip (or name).
      const firstName = page.getByLabel('First name', { exact: true });
      expect(await firstName.inputValue()).toBe('Ann');
      expect(await page.getByLabel('I agree', { exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('size: large', { exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('Favourite colour', { exact: true }).inputValue()).toBe('Green');

      // Typed, ticked and chosen on the page; Tab goes on down the page.
      await firstName.fill('Zoe Ray');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('I agree');
      await page.keyboard.press('Space');
      await page.getByLabel('size: small', { exact: true }).check();
      await page.getByLabel('Favourite colour', { exact: true }).selectOption('Blue');
      const listOptions = await control(page, 'Text7')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      await control(page, 'Text7').selectOption(listOptions);
      await control(page, 'notes').fill('Call me after six');
      expect(await page.getByTestId('form-filler-status').innerText()).toContain('6 fields changed.');
      expect(await seriousViolations(page, 'Fill Form with a form on the page')).toEqual([]);

      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('form_filled.pdf');
      const values = qpdfValues(result.bytes);
      expect(values).toMatchObject({ firstName: 'u:Zoe Ray', agree: '/Off', size: '/small', colour: 'u:Blue', notes: 'u:Call me after six' });
      expect(values.Text7).toEqual(listOptions.map((option) => `u:${option}`));
    },
  },
  {
    name: 'fills a LibreOffice form and flattens it: the values are page text, the form is gone',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('membership.pdf', await officeFormPdf())]);
      await formShown(page);
      await control(page, 'fullName').fill('Asha Rao');
      await control(page, 'city').fill('Pune');
      await control(page, 'agree').check();
      await control(page, 'plan').selectOption('Gold');
      await page.getByLabel('Flatten', { exact: true }).check();
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('membership_filled.pdf');
      expect(qpdfFields(result.bytes)).toEqual([]);
      const text = pageTexts(result.bytes)[0];
      for (const value of ['Asha Rao', 'Pune', 'Gold']) expect(text).toContain(value);
    },
  },
  {
    name: 'on a phone in the dark theme, the page fits the screen and each field sits on its widget; read-only fields are disabled',
    run: async (ctx) => {
      const { page } = ctx;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('application.pdf', await formPdf())]);
      await formShown(page);
      const layer = (await page.getByTestId('form-fields-layer').boundingBox())!;
      expect(layer.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // applicant.name is drawn at 20..220 × 76..100 pt from the top-left of the 400 pt page.
      const name = (await control(page, 'applicant.name').boundingBox())!;
      const scale = layer.width / 400;
      expect(name.x - layer.x).toBeCloseTo(20 * scale, -1);
      expect(name.y - layer.y).toBeCloseTo(76 * scale, -1);
      expect(name.width).toBeCloseTo(200 * scale, -1);
      expect(await control(page, 'applicant.reference').isDisabled()).toBe(true);
      await control(page, 'applicant.name').fill('Phone User');
      await ctx.run();
      const values = qpdfValues((await ctx.download()).bytes);
      expect(values).toMatchObject({ 'applicant.name': 'u:Phone User', 'applicant.reference': 'u:REF-4711' });
    },
  },
  {
    name: 'says an XFA-only form cannot be filled here',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('xfa.pdf', lockedFormPdf({ xfa: 'xfa-only' }))]);
      await page.getByTestId('form-filler-status').filter({ hasText: 'XFA-only forms cannot be filled here' }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('form-fields-layer').count()).toBe(0);
    },
  },
  {
    name: 'shows the AcroForm fields of a form that also has XFA, and says only those can be filled',
    run: async (ctx) => {
      const { page } = ctx;
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('hybrid.pdf', lockedFormPdf({ xfa: 'hybrid' }))]);
      await page.getByTestId('form-filler-xfa').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('form-filler-xfa').innerText()).toContain('Only its AcroForm fields can be filled here');
      await formShown(page);
      // Every field of this form is read-only: shown, not fillable.
      expect(await control(page, 'name').isDisabled()).toBe(true);
    },
  },
]);
