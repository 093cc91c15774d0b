/**
 * The simulated car's battery: its usable capacity by the connector it charges on, and its state of
 * charge from the energy delivered since the session began. SoC is worked out from the whole
 * session's energy each time, never added tick by tick: a simulator that ticks every second adds
 * under 0.1 % per tick, and rounding each step away left SoC where it started (26 % → 26 % after 3.97 kWh).
 */

/**
 * Usable capacity, Wh, by connector type (1 home socket, 2 AC socket, 3 AC plug, 4 DC gun, 5 wireless):
 * DC fast chargers mostly serve mid-size electric cars (Model 3, BYD Han/Seal, Aion S: 58–85 kWh, so
 * 70 kWh); AC and wireless posts serve compact cars as often (BYD Dolphin, Aion Y: 45–63 kWh, so
 * 50 kWh); a home socket a city car or a plug-in hybrid (Wuling Mini EV, BYD DM-i: 10–30 kWh, so 25 kWh).
 */
export function batteryWhOf(connectorType: number): number {
  if (connectorType === 4) return 70_000;
  if (connectorType === 1) return 25_000;
  return 50_000;
}

/** SoC (percent, fractional) after `deliveredWh` on a `batteryWh` battery that started at `socStart`; never past 100. */
export function socAfter(socStart: number, deliveredWh: number, batteryWh: number): number {
  return Math.min(100, socStart + (Math.max(0, deliveredWh) / batteryWh) * 100);
}
