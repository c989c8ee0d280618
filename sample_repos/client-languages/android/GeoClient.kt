package com.example.platform

class GeoClient(private val base: String, private val http: Http) {
    fun nodes(): String = http.get("$base/api/v4/geo_nodes")

    fun sites(): String = http.get("$base/api/v4/geo_sites")

    fun status(id: Int): String = http.get("$base/api/v4/geo_nodes/$id/status")
}
