import type { WidgetKey } from '@folio/registry';
import { BookmarkEditorWidget } from './bookmark-editor/BookmarkEditorWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { DocumentInfoWidget } from './document-info/DocumentInfoWidget';
import { ChoicesWidget } from './ChoicesWidget';
import { ColorWidget } from './ColorWidget';
import { EntriesWidget } from './EntriesWidget';
import { FileWidget } from './FileWidget';
import { LazyFormFillerWidget } from './form-filler/LazyFormFillerWidget';
import { NumberWidget } from './NumberWidget';
import { PagesWidget } from './PagesWidget';
import { PageWorkspaceWidget } from './page-workspace/PageWorkspaceWidget';
import { RedactionWorkspaceWidget } from './redaction-workspace/RedactionWorkspaceWidget';
import { SignatureWorkspaceWidget } from './signature-workspace/SignatureWorkspaceWidget';
import { PasswordWidget } from './PasswordWidget';
import { LazyPipelineEditorWidget } from './pipeline-editor/LazyPipelineEditorWidget';
import { SectionGridWidget } from './SectionGridWidget';
import { SelectWidget } from './SelectWidget';
import { TextareaWidget } from './TextareaWidget';
import { TextWidget } from './TextWidget';
import type { WidgetComponent } from './widget-types';

/**
 * Every widget a field can name, keyed as registry/kit/widget-keys.ts lists them.
 * `satisfies` makes a key without a component, or a component without a key, a
 * compile error. To add one: add the key there, the component here.
 */
export const WIDGETS = {
  text: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  choices: ChoicesWidget,
  entries: EntriesWidget,
  pages: PagesWidget,
  file: FileWidget,
  password: PasswordWidget,
  color: ColorWidget,
  'section-grid': SectionGridWidget,
  'bookmark-editor': BookmarkEditorWidget,
  'pipeline-editor': LazyPipelineEditorWidget,
  'document-info': DocumentInfoWidget,
  'page-workspace': PageWorkspaceWidget,
  'redaction-workspace': RedactionWorkspaceWidget,
  'signature-workspace': SignatureWorkspaceWidget,
  'form-filler': LazyFormFillerWidget,
} satisfies Record<WidgetKey, WidgetComponent>;

export type { WidgetComponent, WidgetFormContext, WidgetProps } from './widget-types';
