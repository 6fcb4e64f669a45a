import type { PinMappingEntry, PinProfile } from '@heliodtu/contract/pin-mapping';
import { SelectField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { useT } from '@/lib/i18n/use-t';
import { comparePins } from './pin-compare';
import { PinCompareTable } from './pin-compare-table';
import { DEFAULT_PROFILE_NAME, profileNames, selectedPins } from './pin-profiles';

interface PinAssignmentTabProps {
  /** The chosen profile name (form value curPin.name). */
  name: string;
  /** The pins the gateway runs with now (curPin as loaded). */
  active: PinProfile;
  entries: readonly PinMappingEntry[];
  /** pin_mapping.json is still being read. */
  loading: boolean;
  /** A failure other than "no file" while reading pin_mapping.json. */
  error: Error | null;
}

/** Profile choice, its documentation links and the selected-versus-active tables (spec §2). */
export function PinAssignmentTab({ name, active, entries, loading, error }: PinAssignmentTabProps) {
  const t = useT();
  const names = profileNames(entries);
  // A configured name the file lacks (file replaced or deleted) stays choosable and visible.
  if (!names.includes(name)) names.push(name);
  const options = names.map((value) => ({
    value,
    label:
      value === DEFAULT_PROFILE_NAME
        ? t('deviceadmin.DefaultProfile')
        : // Until the file is read every name counts as known: no false "not in the file".
          loading || entries.some((entry) => entry.name === value)
          ? value
          : t('deviceadmin.UnknownProfile', { name: value }),
  }));
  const selected = selectedPins(entries, name);
  const links = selected.links ?? [];

  return (
    <FormSection title={t('deviceadmin.PinAssignment')}>
      {error && (
        <div className="alert alert-danger" role="alert">
          {t('deviceadmin.ParseError', { error: error.message })}
        </div>
      )}
      <SelectField
        name="curPin.name"
        label={t('deviceadmin.SelectedProfile')}
        help={t('deviceadmin.ProfileHint')}
        options={options}
      />
      {links.length > 0 && (
        <div className="row mb-3">
          <div className="col-sm-4 col-lg-3 col-form-label">{t('deviceadmin.Documentation')}</div>
          <div className="col-sm-8 col-lg-9 d-flex flex-wrap gap-2 align-items-center">
            {links.map((link) => (
              <a
                key={`${link.name} ${link.url}`}
                className="btn btn-outline-primary btn-sm"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {link.name}
              </a>
            ))}
          </div>
        </div>
      )}
      <p className="form-text">{t('pinmapping.DiffHint')}</p>
      <div className="row row-cols-1 row-cols-lg-2">
        {comparePins(selected, active).map((category) => (
          <div key={category.category} className="col">
            <PinCompareTable {...category} />
          </div>
        ))}
      </div>
    </FormSection>
  );
}
