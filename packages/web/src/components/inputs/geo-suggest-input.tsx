import { useEffect, useRef, useState } from 'react';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { textInputMessages } from '@netloom/domain';
import { searchPlaces, type Place, type PlaceSearch } from './geo-places';

const GEO_SUGGEST_TEXTS = {
  placeholder: 'Enter a location',
  notChosen: 'Please select a location from the list',
  searchFailed: 'Location search is unavailable, please try again',
} as const;

// The server refuses shorter queries; asking would only produce an error.
const MIN_QUERY = 2;

export interface GeoSuggestInputProps {
  value: Place | null;
  /** Called with the chosen place, or null as soon as the text no longer matches it. */
  onChange: (place: Place | null) => void;
  search?: PlaceSearch;
  label?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  debounceMs?: number;
}

/**
 * Location autocomplete (spec 001 §5 geo-suggest). A stored location needs a formatted address and
 * coordinates, so typed text only counts once a suggestion has been chosen.
 */
export function GeoSuggestInput({
  value,
  onChange,
  search = searchPlaces,
  label,
  placeholder = GEO_SUGGEST_TEXTS.placeholder,
  required = false,
  disabled = false,
  error,
  debounceMs = 300,
}: GeoSuggestInputProps) {
  const [text, setText] = useState(value?.formatted_address ?? '');
  const [synced, setSynced] = useState(value);
  const [places, setPlaces] = useState<Place[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [touched, setTouched] = useState(false);
  const [query] = useDebouncedValue(text.trim(), debounceMs);
  // Mantine reports the chosen option's text right after the choice; that is not an edit.
  const justChosen = useRef<string | null>(null);

  // A value set from outside (form reset, edit of another record) replaces what was typed.
  if (value !== synced) {
    setSynced(value);
    if (value) setText(value.formatted_address);
    else if (synced && text === synced.formatted_address) setText('');
  }

  // Read through a ref: choosing a place must not search again for the text typed before it.
  const chosenAddress = useRef(value?.formatted_address);
  chosenAddress.current = value?.formatted_address;
  // Hosts often pass an inline function; a new one each render must not restart the search.
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (query.length < MIN_QUERY || query === chosenAddress.current) return;
    const controller = new AbortController();
    setLoading(true);
    searchRef
      .current(query, { signal: controller.signal })
      .then((found) => {
        setPlaces(found);
        setFailed(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setPlaces([]);
        setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query]);

  const addresses = [...new Set(places.map((p) => p.formatted_address))];
  const ownError = !touched ? null : text.trim() === '' ? (required ? textInputMessages.required : null) : value ? null : GEO_SUGGEST_TEXTS.notChosen;

  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      value={text}
      data={addresses}
      // The server already ranked the matches; filtering again would hide some of them.
      filter={({ options }) => options}
      leftSection={<IconMapPin size={16} />}
      rightSection={loading ? <Loader size={14} /> : undefined}
      error={ownError ?? (failed ? GEO_SUGGEST_TEXTS.searchFailed : null) ?? error ?? null}
      onChange={(next) => {
        setText(next);
        const chosenNow = justChosen.current === next;
        justChosen.current = null;
        if (!chosenNow && value && next !== value.formatted_address) onChange(null);
      }}
      onOptionSubmit={(address) => {
        const place = places.find((p) => p.formatted_address === address);
        if (!place) return;
        justChosen.current = place.formatted_address;
        setText(place.formatted_address);
        setSynced(place);
        onChange(place);
      }}
      onBlur={() => setTouched(true)}
    />
  );
}
