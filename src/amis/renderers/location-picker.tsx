import { Component, createRef } from 'react';
import { FormItem, type FormControlProps } from 'amis';
import { loadRuntimeConfig } from '../../config/runtime-config';
import { loadAmap, type AMapNamespace } from './amap-loader';
import './renderers.css';

interface LocationPickerProps extends FormControlProps {
  lngName?: string;
  latName?: string;
  addressName?: string;
}

type MapState = 'checking' | 'manual' | 'loading' | 'ready' | 'failed';

const NO_KEY_NOTE = '未配置高德地图 Key（app-config.json 的 amapKey），请手动填写经纬度（GCJ-02）和地址。';
const FAILED_NOTE = '地图加载失败，请手动填写经纬度（GCJ-02）和地址。';

/**
 * `{"type": "pc-location", "label": "位置"}`: writes the form fields lng, lat and address.
 * With an AMap key: address autocomplete, map click, reverse geocoding. Without: manual entry.
 */
class LocationPicker extends Component<LocationPickerProps, { map: MapState }> {
  state = { map: 'checking' as MapState };
  private mapEl = createRef<HTMLDivElement>();
  private searchEl = createRef<HTMLInputElement>();
  private destroyMap: (() => void) | null = null;
  private alive = true;

  private get names() {
    const { lngName = 'lng', latName = 'lat', addressName = 'address' } = this.props;
    return { lngName, latName, addressName };
  }

  private field(name: string): string {
    const value = (this.props.data as Record<string, unknown>)?.[name];
    return value === undefined || value === null ? '' : String(value);
  }

  private set(values: Record<string, unknown>) {
    this.props.onBulkChange?.(values);
  }

  async componentDidMount() {
    const config = await loadRuntimeConfig();
    const key = typeof config.amapKey === 'string' ? config.amapKey : '';
    if (!this.alive) return;
    if (!key) return this.setState({ map: 'manual' });
    this.setState({ map: 'loading' });
    try {
      const AMap = await loadAmap(key, typeof config.amapSecurityCode === 'string' ? config.amapSecurityCode : undefined);
      if (this.alive) this.initMap(AMap);
    } catch {
      if (this.alive) this.setState({ map: 'failed' });
    }
  }

  componentWillUnmount() {
    this.alive = false;
    this.destroyMap?.();
  }

  private initMap(AMap: AMapNamespace) {
    if (!this.mapEl.current) return;
    const { lngName, latName, addressName } = this.names;
    const lng = Number(this.field(lngName)) || 114.0579;
    const lat = Number(this.field(latName)) || 22.5431;
    const map = new AMap.Map(this.mapEl.current, { zoom: 15, center: [lng, lat] });
    const marker = new AMap.Marker({ position: [lng, lat] });
    map.add(marker);
    const geocoder = new AMap.Geocoder({});
    const place = (pos: [number, number], address?: string) => {
      marker.setPosition(pos);
      map.setCenter(pos);
      this.set({ [lngName]: pos[0], [latName]: pos[1], ...(address ? { [addressName]: address } : {}) });
      if (!address) {
        geocoder.getAddress(pos, (status, result) => {
          if (status === 'complete' && result.regeocode) this.set({ [addressName]: result.regeocode.formattedAddress });
        });
      }
    };
    map.on('click', (e) => place([e.lnglat.getLng(), e.lnglat.getLat()]));
    const auto = new AMap.AutoComplete({ input: this.searchEl.current });
    auto.on('select', (e) => {
      const loc = e.poi.location;
      if (loc) place([loc.getLng(), loc.getLat()], `${e.poi.district ?? ''}${e.poi.address ?? ''}${e.poi.name}`);
    });
    this.destroyMap = () => map.destroy();
    this.setState({ map: 'ready' });
  }

  render() {
    const { lngName, latName, addressName } = this.names;
    // amis's translator: under en-US these go through the pages' table (src/i18n/amis-translate.ts)
    const { disabled, translate: __ } = this.props;
    const { map } = this.state;
    return (
      <div className="pc-location">
        {map === 'manual' ? <div className="pc-location__note">{__(NO_KEY_NOTE)}</div> : null}
        {map === 'failed' ? <div className="pc-location__note">{__(FAILED_NOTE)}</div> : null}
        {map === 'loading' || map === 'ready' ? (
          <div className="pc-location__row">
            <input ref={this.searchEl} placeholder={__('搜索地址')} disabled={disabled} />
          </div>
        ) : null}
        <div className="pc-location__row">
          <input
            name={addressName}
            placeholder={__('详细地址')}
            value={this.field(addressName)}
            disabled={disabled}
            onChange={(e) => this.set({ [addressName]: e.target.value })}
          />
        </div>
        <div className="pc-location__row">
          <input
            name={lngName}
            placeholder={__('经度')}
            inputMode="decimal"
            value={this.field(lngName)}
            disabled={disabled}
            onChange={(e) => this.set({ [lngName]: e.target.value })}
          />
          <input
            name={latName}
            placeholder={__('纬度')}
            inputMode="decimal"
            value={this.field(latName)}
            disabled={disabled}
            onChange={(e) => this.set({ [latName]: e.target.value })}
          />
        </div>
        {map === 'loading' || map === 'ready' ? <div ref={this.mapEl} className="pc-location__map" /> : null}
      </div>
    );
  }
}

// strictMode false: re-render when the lng/lat/address fields change, not only this control's own value
export const LocationPickerRenderer = FormItem({ type: 'pc-location', strictMode: false })(LocationPicker);
