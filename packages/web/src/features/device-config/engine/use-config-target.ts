import type { ConfigDocument, ConfigFamily, DeviceConfig } from '@netloom/domain';
import { useDeviceConfig, useSaveSection } from '@/features/device-config/api/device-config';
import { useSaveTemplateSection, useTemplate } from '@/features/device-config/api/templates';

/** What a family page edits: a device's configuration or a template's sections, behind one face. */
export interface ConfigTarget {
  kind: 'device' | 'template';
  id: string | null;
  /** The device's effective document (its draft's while there is one), or the template's sections. */
  document: ConfigDocument | null;
  device: DeviceConfig | null;
  templateName: string | null;
  loading: boolean;
  fetching: boolean;
  isError: boolean;
  refetch: () => void;
  /** Saves a family's section; `draft` keeps a device's change aside, `message` says why (the revision's note). Null drops the section. */
  save: (family: ConfigFamily, section: unknown, draft?: boolean, message?: string) => Promise<unknown>;
}

export function useConfigTarget(kind: 'device' | 'template', id: string | null): ConfigTarget {
  const device = useDeviceConfig(kind === 'device' ? id : null);
  const template = useTemplate(kind === 'template' ? id : null);
  const saveDevice = useSaveSection(id ?? '');
  const saveTemplate = useSaveTemplateSection(id ?? '');
  if (kind === 'device') {
    return {
      kind,
      id,
      document: device.data?.document ?? null,
      device: device.data ?? null,
      templateName: null,
      loading: device.isLoading,
      fetching: device.isFetching,
      isError: device.isError,
      refetch: () => void device.refetch(),
      save: (family, section, draft, message) => saveDevice.mutateAsync({ family, section, draft, message }),
    };
  }
  return {
    kind,
    id,
    document: (template.data?.sections as ConfigDocument | undefined) ?? null,
    device: null,
    templateName: template.data?.name ?? null,
    loading: template.isLoading,
    fetching: template.isFetching,
    isError: template.isError,
    refetch: () => void template.refetch(),
    save: async (family, section) => {
      const saved = await saveTemplate.mutateAsync({ family, section });
      await template.refetch();
      return saved;
    },
  };
}
