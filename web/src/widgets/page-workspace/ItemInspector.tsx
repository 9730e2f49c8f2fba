import { PAGE_TEXT_FONTS, ROTATABLE_ITEM_KINDS, type PageTextFont } from '@folio/registry';
import { useEffect, useId } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageWorkspace.json';
import { DEFAULT_COLOURS, DEFAULT_FONT_SIZE, DEFAULT_THICKNESS, loadFace } from './item-appearance';
import { normaliseDegrees, type WorkspaceItem } from './item-edits';

interface ItemInspectorProps {
  item: WorkspaceItem;
  onChange(item: WorkspaceItem): void;
  /** Lets go of the item: the panel closes. */
  onClose(): void;
  disabled: boolean;
  pageCount: number;
}

const STROKED = new Set(['ink', 'rectangle', 'ellipse', 'line', 'arrow']);

/** The chosen item's properties, each a plain control: what the mouse does on the page, the keyboard does here. */
export function ItemInspector({ item, onChange, onClose, disabled }: ItemInspectorProps) {
  const t = useMessages('pageWorkspace', english);
  const id = useId();
  const set = (patch: Record<string, unknown>) => onChange({ ...item, ...patch } as WorkspaceItem);
  const font = item.kind === 'text' ? (item.font ?? 'sans') : undefined;
  useEffect(() => {
    if (font) void loadFace(font);
  }, [font]);

  return (
    <fieldset className="page-workspace__inspector" disabled={disabled} data-testid="page-workspace-inspector">
      <legend>{t('properties')}</legend>
      <button type="button" className="page-workspace__close" aria-label={t('closeProperties')} onClick={onClose}>
        ×
      </button>
      {(item.kind === 'text' || item.kind === 'note') && (
        <label className="page-workspace__property page-workspace__property--wide">
          <span>{t('text')}</span>
          <textarea className="input input--textarea" id={`${id}-text`} rows={2} value={item.text} onChange={(event) => set({ text: event.target.value })} />
        </label>
      )}
      {item.kind === 'text' && (
        <>
          <label className="page-workspace__property">
            <span>{t('font')}</span>
            <select className="input input--select" value={font} onChange={(event) => set({ font: event.target.value as PageTextFont })}>
              {PAGE_TEXT_FONTS.map((face) => (
                <option key={face} value={face}>
                  {t(`font.${face}` as keyof typeof english)}
                </option>
              ))}
            </select>
          </label>
          <label className="page-workspace__property">
            <span>{t('fontSize')}</span>
            <input
              type="number"
              min={1}
              max={500}
              step={1}
              value={item.fontSize ?? DEFAULT_FONT_SIZE}
              onChange={(event) => set({ fontSize: Number(event.target.value) || DEFAULT_FONT_SIZE })}
            />
          </label>
          <label className="page-workspace__property">
            <span>{t('align')}</span>
            <select className="input input--select" value={item.align ?? 'left'} onChange={(event) => set({ align: event.target.value })}>
              {(['left', 'center', 'right'] as const).map((align) => (
                <option key={align} value={align}>
                  {t(`align.${align}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {item.kind !== 'image' && (
        <label className="page-workspace__property">
          <span>{t('color')}</span>
          <input
            type="color"
            value={'color' in item && item.color && /^#[0-9a-fA-F]{6}$/.test(item.color) ? item.color : DEFAULT_COLOURS[item.kind]}
            onChange={(event) => set({ color: event.target.value })}
          />
        </label>
      )}
      {STROKED.has(item.kind) && (
        <label className="page-workspace__property">
          <span>{t('thickness')}</span>
          <input
            type="number"
            min={0.25}
            max={100}
            step={0.25}
            value={'thickness' in item && item.thickness ? item.thickness : DEFAULT_THICKNESS}
            onChange={(event) => set({ thickness: Math.min(Math.max(Number(event.target.value) || DEFAULT_THICKNESS, 0.25), 100) })}
          />
        </label>
      )}
      {(ROTATABLE_ITEM_KINDS as readonly string[]).includes(item.kind) && (
        <label className="page-workspace__property">
          <span>{t('rotation')}</span>
          <input
            className="input input--number"
            type="number"
            min={-180}
            max={180}
            step={1}
            aria-keyshortcuts="[ ]"
            value={'rotation' in item && item.rotation ? item.rotation : 0}
            onChange={(event) => set({ rotation: normaliseDegrees(Number(event.target.value) || 0) })}
          />
        </label>
      )}
      <label className="page-workspace__property">
        <span>{t('alsoOnPages')}</span>
        <input
          type="text"
          value={item.alsoOnPages ?? ''}
          placeholder="all"
          aria-describedby={`${id}-also`}
          onChange={(event) => set({ alsoOnPages: event.target.value.trim() === '' ? undefined : event.target.value })}
        />
        <small id={`${id}-also`}>{t('alsoOnPagesHelp')}</small>
      </label>
    </fieldset>
  );
}
