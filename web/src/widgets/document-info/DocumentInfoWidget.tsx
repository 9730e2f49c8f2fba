import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/documentInfo.json';
import { SelectWidget } from '../SelectWidget';
import { TextWidget } from '../TextWidget';
import type { WidgetComponent } from '../widget-types';
import { INFO_ENTRY_OF_FIELD, readDocumentInfo, type InfoField } from '../../pdf-rendering/document-info';

const isInfoField = (name: string): name is InfoField => name in INFO_ENTRY_OF_FIELD;

/**
 * A Change Metadata field that starts from what the chosen file says: when a
 * file is chosen its value is put in the field, so a field left alone keeps
 * the document's entry and clearing one is a choice (the request enhancer
 * `document-info-changes` sends only what differs). A select for Trapped, a
 * text input otherwise.
 */
export const DocumentInfoWidget: WidgetComponent = (props) => {
  const t = useMessages('documentInfo', english);
  const { name, field, onChange } = props;
  const file = props.form?.files[0];
  const [inFile, setInFile] = useState<{ file: File; value: string | undefined }>();
  const latest = useRef(props.value);
  latest.current = props.value;

  useEffect(() => {
    if (!file || !isInfoField(name)) return;
    let current = true;
    const before = latest.current;
    void readDocumentInfo(file).then((info) => {
      if (!current || !info) return;
      const value = info[name];
      setInFile({ file, value });
      // What the visitor typed while the file was being read is theirs: only an untouched field is filled.
      if (latest.current === before) onChange(value ?? (field.kind === 'select' ? undefined : ''));
    });
    return () => {
      current = false;
    };
    // Filled once per chosen file: typing afterwards is the visitor's.
  }, [file, name]);

  const Control = field.kind === 'select' ? SelectWidget : TextWidget;
  const read = inFile && inFile.file === file;
  return (
    <>
      <Control {...props} />
      {read && inFile.value === undefined && (
        <span className="form-field__help" data-testid={`document-info-${name}`}>
          {t('notSet')}
        </span>
      )}
    </>
  );
};
