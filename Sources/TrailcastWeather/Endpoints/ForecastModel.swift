// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// The model names of Open-Meteo's `models` parameter and the FlatBuffers `Model` each is
// answered under, as open-meteo/open-meteo (ba13de1) has them: the raw values of
// `enum MultiDomains` (Sources/App/Controllers/ForecastapiController.swift) and its
// `flatBufferModel` (Sources/App/Helper/FlatBufferWriter/FlatBuffers+WeatherApi.swift),
// numbered as open-meteo/sdk's weather_api.fbs numbers `enum Model`.

/// A weather model a request names in `models`: its name as asked and its FlatBuffers number.
///
/// This server has one model; each name answers it with a variation of its own
/// (``WeatherModel/variant(named:)``), so that several models in one answer differ as
/// real ones do and each is the same on every request.
struct ForecastModel: Sendable, Equatable {
    var name: String
    var flatBuffersNumber: UInt8

    /// `best_match`, what Open-Meteo answers when `models` is not given.
    static let bestMatch = ForecastModel(name: "best_match", flatBuffersNumber: 1)

    /// The model named `name`, or nil if Open-Meteo does not know it.
    init?(named name: String) {
        guard let number = Self.numbers[name] else { return nil }
        self.init(name: name, flatBuffersNumber: number)
    }

    init(name: String, flatBuffersNumber: UInt8) {
        self.name = name
        self.flatBuffersNumber = flatBuffersNumber
    }

    /// Every name `models` takes and its FlatBuffers `Model`.
    static let numbers: [String: UInt8] = [
        "best_match": 1, "gfs_seamless": 2, "gfs_mix": 3, "gfs_global": 3, "gfs05": 40, "gfs025": 39, "gfs013": 62,
        "gfs_hrrr": 4, "gfs_graphcast025": 63, "ncep_seamless": 2, "ncep_gfs_seamless": 2, "ncep_gfs_global": 3,
        "ncep_nbm_conus": 84, "ncep_gfs025": 39, "ncep_gfs013": 62, "ncep_hrrr_conus": 4, "ncep_hrrr_conus_15min": 4,
        "ncep_gfs_graphcast025": 63, "ncep_nam_conus": 104, "ncep_aigfs025": 113, "ncep_aigefs025": 114,
        "ncep_hgefs025_ensemble_mean": 115, "ncep_aigefs025_ensemble_mean": 114, "meteofrance_seamless": 5,
        "meteofrance_mix": 5, "meteofrance_arpege_seamless": 6, "meteofrance_arpege_world": 7,
        "meteofrance_arpege_europe": 8, "meteofrance_arome_seamless": 9, "meteofrance_arome_france": 10,
        "meteofrance_arome_france0025": 10, "meteofrance_arpege_world025": 8, "meteofrance_arome_france_hd": 11,
        "meteofrance_arome_france_hd_15min": 97, "meteofrance_arome_france_15min": 98, "arpege_seamless": 6,
        "arpege_world": 8, "arpege_europe": 8, "arome_seamless": 9, "arome_france": 10, "arome_france_hd": 11,
        "jma_seamless": 12, "jma_mix": 12, "jma_msm": 13, "jma_msm_upper_level": 13, "jms_gsm": 15, "jma_gsm": 15,
        "gem_seamless": 16, "gem_global": 17, "gem_regional": 18, "gem_hrdps_continental": 19, "gem_hrdps_west": 111,
        "cmc_gem_seamless": 16, "cmc_gem_gdps": 17, "cmc_gem_hrdps": 19, "cmc_gem_hrdps_west": 111, "cmc_gem_rdps": 18,
        "icon_seamless": 20, "icon_mix": 20, "icon_global": 21, "icon_eu": 22, "icon_d2": 23, "dwd_icon_seamless": 20,
        "dwd_icon_global": 21, "dwd_icon": 21, "dwd_icon_eu": 22, "dwd_icon_d2": 23, "dwd_icon_d2_15min": 23,
        "dwd_sis_europe_africa_v4": 134, "ecmwf_ifs04": 24, "ecmwf_ifs025": 60, "ecmwf_aifs025": 61,
        "ecmwf_aifs025_single": 86, "ecmwf_ifs_europe_ensemble": 141, "ecmwf_ifs_europe_ensemble_mean": 142,
        "ecmwf_aifs_europe_ensemble": 143, "ecmwf_aifs_europe_ensemble_mean": 144, "ecmwf_seasonal_seamless": 108,
        "ecmwf_seas5": 106, "ecmwf_ec46": 107, "ecmwf_seasonal_ensemble_mean_seamless": 108,
        "ecmwf_seas5_ensemble_mean": 106, "ecmwf_ec46_ensemble_mean": 107, "metno_nordic": 25,
        "geosphere_arome_austria": 138, "geosphere_seamless": 139, "chmi_aladin_cz_1km": 140,
        "chmi_aladin_central_europe_2km": 140, "chmi_aladin_seamless": 140, "cma_grapes_global": 53,
        "bom_access_global": 54, "archive_best_match": 1, "marine_best_match": 1, "era5_seamless": 26, "era5": 27,
        "cerra": 28, "era5_land": 29, "era5_ensemble": 76, "copernicus_era5_seamless": 26, "copernicus_era5": 27,
        "copernicus_cerra": 28, "copernicus_era5_land": 29, "copernicus_era5_ensemble": 76, "ecmwf_wam": 112,
        "ecmwf_ifs": 30, "ecmwf_ifs_analysis": 77, "ecmwf_ifs_analysis_long_window": 79, "ecmwf_ifs_long_window": 78,
        "arpae_cosmo_seamless": 56, "arpae_cosmo_2i": 57, "arpae_cosmo_2i_ruc": 58, "arpae_cosmo_5m": 59,
        "knmi_harmonie_arome_europe": 71, "knmi_harmonie_arome_netherlands": 72, "dmi_harmonie_arome_europe": 74,
        "knmi_seamless": 70, "dmi_seamless": 73, "metno_seamless": 75, "ukmo_seamless": 82,
        "ukmo_global_deterministic_10km": 80, "ukmo_uk_deterministic_2km": 81, "satellite_radiation_seamless": 91,
        "eumetsat_sarah3": 88, "eumetsat_lsa_saf_msg": 89, "eumetsat_lsa_saf_iodc": 90, "jma_jaxa_himawari": 87,
        "jma_jaxa_mtg_fci": 110, "kma_seamless": 94, "kma_gdps": 92, "kma_ldps": 93, "italia_meteo_arpae_icon_2i": 95,
        "meteoswiss_icon_ch1": 99, "meteoswiss_icon_ch2": 100, "meteoswiss_icon_seamless": 103,
        "icon_seamless_eps": 20, "icon_global_eps": 21, "icon_eu_eps": 22, "icon_d2_eps": 23,
        "dwd_icon_seamless_eps": 20, "dwd_icon_global_eps": 21, "dwd_icon_eu_eps": 22, "dwd_icon_d2_eps": 23,
        "ecmwf_ifs025_ensemble": 60, "ecmwf_aifs025_ensemble": 61, "gem_global_ensemble": 17, "cmc_gem_geps": 17,
        "bom_access_global_ensemble": 55, "google_weathernext2_ensemble": 145, "ncep_gefs_seamless": 2,
        "ncep_gefs025": 39, "ncep_gefs05": 40, "ukmo_global_ensemble_20km": 85, "ukmo_uk_ensemble_2km": 96,
        "meteoswiss_icon_ch1_ensemble": 101, "meteoswiss_icon_ch2_ensemble": 102, "ewam": 32, "gwam": 31,
        "dwd_ewam": 32, "dwd_gwam": 31, "era5_ocean": 52, "ecmwf_wam025": 64, "ecmwf_wam025_ensemble": 67,
        "ncep_gfswave025": 68, "ncep_gfswave016": 83, "ncep_gefswave025": 69, "meteofrance_wave": 65,
        "meteofrance_currents": 66, "air_quality_best_match": 1, "cams_global": 50, "cams_europe": 49,
        "CMCC_CM2_VHR4": 41, "FGOALS_f3_H": 43, "HiRAM_SIT_HR": 44, "MRI_AGCM3_2_S": 45, "EC_Earth3P_HR": 46,
        "MPI_ESM1_2_XR": 47, "NICAM16_8S": 48, "flood_best_match": 1, "seamless_v3": 33, "forecast_v3": 34,
        "consolidated_v3": 35, "seamless_v4": 36, "forecast_v4": 37, "consolidated_v4": 38,
        "dwd_icon_eps_ensemble_mean_seamless": 120, "dwd_icon_eps_ensemble_mean": 121,
        "dwd_icon_eu_eps_ensemble_mean": 122, "dwd_icon_d2_eps_ensemble_mean": 123, "ecmwf_ifs025_ensemble_mean": 127,
        "ecmwf_aifs025_ensemble_mean": 128, "ncep_gefs025_ensemble_mean": 125, "ncep_gefs05_ensemble_mean": 126,
        "ncep_gefs_ensemble_mean_seamless": 124, "cmc_gem_geps_ensemble_mean": 131,
        "bom_access_global_ensemble_mean": 135, "google_weathernext2_ensemble_mean": 146,
        "ukmo_global_ensemble_mean_20km": 132, "ukmo_uk_ensemble_mean_2km": 133,
        "meteoswiss_icon_ch1_ensemble_mean": 129, "meteoswiss_icon_ch2_ensemble_mean": 130,
        "ecmwf_wam025_ensemble_mean": 136, "ncep_gefswave025_ensemble_mean": 137,
    ]
}
