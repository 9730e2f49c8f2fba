import { scannerEffectTool, schemaOf } from '@folio/registry';
import { pageLook, scanSettings as settingsOf } from './scan-look';

/** The settings for a request's fields, parsed as the server parses them (defaults filled in, hidden fields dropped). */
const scanSettings = (fields: Record<string, unknown>) => settingsOf(schemaOf(scannerEffectTool).parse(fields));

const plain = { quality: 'high', rotation: 'slight', advancedEnabled: false };

describe('scanner effect settings', () => {
  it('takes blur, noise, brightness, contrast and resolution from the quality preset without advanced settings', () => {
    expect(scanSettings({ ...plain, quality: 'low' })).toEqual({
      dpi: 75,
      grayscale: true,
      border: 20,
      tilt: 2,
      tiltVariance: 2,
      blur: 0.9,
      noise: 2.5,
      brightness: 1.08,
      contrast: 1.15,
      yellowish: false,
    });
    expect(scanSettings({ ...plain, quality: 'medium' })).toMatchObject({ dpi: 100, brightness: 1.06, contrast: 1.12 });
  });

  it('tilts by the rotation preset; "none" without advanced settings does not tilt at all', () => {
    expect(scanSettings({ ...plain, rotation: 'severe' })).toMatchObject({ tilt: 8, tiltVariance: 2 });
    expect(scanSettings({ ...plain, rotation: 'none' })).toMatchObject({ tilt: 0, tiltVariance: 0 });
  });

  it('takes every value as sent with advanced settings, the preset tilt plus rotate', () => {
    const advanced = scanSettings({
      quality: 'low',
      rotation: 'moderate',
      advancedEnabled: 'true',
      colorspace: 'color',
      border: '7',
      rotate: '-3',
      rotateVariance: '0',
      brightness: '0.9',
      contrast: '1.2',
      blur: '2',
      noise: '0',
      yellowish: 'true',
      resolution: '200',
    });
    expect(scanSettings({ ...plain, advancedEnabled: true })).toEqual({
      dpi: 300,
      grayscale: true,
      border: 20,
      tilt: 2,
      tiltVariance: 2,
      blur: 1,
      noise: 8,
      brightness: 1,
      contrast: 1,
      yellowish: false,
    });
    expect(advanced).toEqual({
      dpi: 200,
      grayscale: false,
      border: 7,
      tilt: 2,
      tiltVariance: 0,
      blur: 2,
      noise: 0,
      brightness: 0.9,
      contrast: 1.2,
      yellowish: true,
    });
  });

  it('draws each page’s tilt within the variance and spreads the border over at most five rings, light inside', () => {
    const settings = scanSettings({ ...plain, advancedEnabled: true, rotation: 'moderate', rotate: 1, rotateVariance: 3, border: 23 });
    for (const random of [0, 0.5, 0.999]) {
      const look = pageLook(settings, { width: 100, height: 200 }, () => random);
      expect(look.angle).toBeGreaterThanOrEqual(3);
      expect(look.angle).toBeLessThanOrEqual(9);
      expect(look.border.map((ring) => ring.width)).toEqual([5, 5, 5, 4, 4]);
      expect(look.border[0].grey).toBeGreaterThan(look.border[4].grey);
    }
    expect(pageLook({ ...settings, border: 0 }, { width: 1, height: 1 }, Math.random).border).toEqual([]);
    expect(pageLook({ ...settings, border: 2 }, { width: 1, height: 1 }, Math.random).border.map((ring) => ring.width)).toEqual([1, 1]);
  });

  it('leaves out a blur too slight to show (the presets’ 0.1)', () => {
    expect(pageLook(scanSettings(plain), { width: 10, height: 10 }, Math.random).blur).toBe(0);
    expect(pageLook(scanSettings({ ...plain, quality: 'low' }), { width: 10, height: 10 }, Math.random).blur).toBe(0.9);
  });
});
